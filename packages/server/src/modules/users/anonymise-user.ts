import { sql } from 'kysely';
import { instant } from '../../engine/access.ts';
import { stampReason } from '../../platform/db/actor-stamp.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { pseudonymiseRows } from '../../platform/erasure.ts';
import { EntityNotFoundError } from '../../platform/errors.ts';
import type { RunLifecycle } from '../../platform/lifecycle.ts';
import { pseudonymsOf } from '../../platform/pseudonyms.ts';
import { assertNoViolation, business } from '../../platform/violation.ts';

/** Anonymises a user in the caller's transaction: `anonymiseUser` with the modules' hooks bound. */
export type Anonymise = (db: Executor, erasure: { userId: string; now: Date }) => Promise<void>;

/**
 * Erasure (issue 27, item 4), whoever asks for it (an administrator, the directory's DELETE): the user, who
 * must have been deactivated (their leaving released what they held), gets a pseudonym for name and email,
 * every module's `userErased` hook pseudonymises what it holds of them, their reservations stay for the
 * statistics, and the audit entries about all of it are pseudonymised too. The audit log records the act under
 * the transaction's actor with the reason `erasure`. It cannot be undone: nothing keeps what was replaced.
 */
export async function anonymiseUser(
  db: Executor,
  { userId, now }: { userId: string; now: Date },
  runLifecycle: RunLifecycle,
): Promise<void> {
  const found = await sql<{ name: string; email: string; isActive: boolean; anonymised: boolean }>`SELECT
      name, email, is_active, anonymised_at IS NOT NULL AS anonymised
    FROM users WHERE id = ${userId}::bigint FOR UPDATE`.execute(db);
  const user = found.rows[0];
  if (user === undefined) {
    throw new EntityNotFoundError();
  }
  if (user.isActive) {
    assertNoViolation([business('USER_STILL_ACTIVE', 'Only a deactivated user can be anonymised')]);
  }
  if (user.anonymised) {
    assertNoViolation([business('USER_ALREADY_ANONYMISED', 'The user has been anonymised already')]);
  }
  await stampReason(db, 'erasure');
  const pseudonyms = pseudonymsOf(user);
  await runLifecycle(db, 'userErased', { userId, email: user.email, pseudonyms, now });
  // The directory's id of the person (SCIM externalId) goes, and the audit log's copies of it are pseudonymised.
  await sql`UPDATE users SET anonymised_at = ${instant(now)}, preferred_parking_slot_id = NULL,
      external_id = NULL, version = version + 1
    WHERE id = ${userId}::bigint`.execute(db);
  await pseudonymiseRows(db, {
    table: 'users',
    rows: (column) => sql`${column('id')} = ${userId}`,
    columns: { name: 'known', email: 'known', external_id: 'directoryId' },
    pseudonyms,
  });
}
