import { sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import { insertRows } from '../../platform/db/insert-rows.ts';
import { takenErrorOf } from '../../platform/errors.ts';
import { constraints } from './constraints.ts';

/** A new user's columns: email and name at least; rights, quotas and working hours take their defaults. */
export type NewUser = Readonly<Record<string, unknown>> & { email: string; name: string };

/**
 * The one way users are made before their first sign-in (which links them by verified email), whoever makes
 * them: an administrator in the Users table or by an import, or the company directory (SCIM). An email another
 * user has in any case is refused (422 USER_EMAIL_TAKEN, the users_email_key's meaning in `constraints`), also
 * when a racing create takes it first: then the unique index on lower(email) refuses the insert, and the entry
 * point maps that refusal by the same meaning (the engine and the import through the registry's constraints,
 * SCIM as 409 uniqueness). A user created inactive has left already: nothing is theirs to release. Answers the
 * new ids in the order of `users`; many are made by a few statements (insertRows).
 */
export async function createUsers(db: Executor, users: readonly NewUser[], now: Date): Promise<string[]> {
  const taken = await sql`SELECT 1 AS one FROM users
    WHERE lower(email) IN (SELECT lower(e) FROM unnest(${users.map((columns) => columns.email)}::text[]) e)`.execute(
    db,
  );
  if (taken.rows.length > 0) {
    throw takenErrorOf(constraints, 'users_email_key');
  }
  const rows = users.map((columns) =>
    columns.is_active === false ? { ...columns, left_at: now.toISOString() } : columns,
  );
  return insertRows(db, 'users', rows);
}

/** One user made as createUsers makes them. */
export const createUser = async (db: Executor, columns: NewUser, now: Date): Promise<string> =>
  (await createUsers(db, [columns], now))[0] as string;
