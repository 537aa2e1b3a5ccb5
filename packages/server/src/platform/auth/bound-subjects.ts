import { type RawBuilder, sql } from 'kysely';
import { actors } from '../db/actor-stamp.ts';
import { pseudonymiseAuditActor } from '../db/audit.ts';
import type { Executor } from '../db/executor.ts';

/**
 * The subjects of the provider accounts bound to a user (at any issuer), as SQL a statement embeds: what the
 * embedded provider knows the user by (its account id), to end their sign-ins there when they leave.
 */
export const boundSubjectsSql = (userId: string): RawBuilder<unknown> =>
  sql`(SELECT i.subject FROM user_identities i WHERE i.user_id = ${userId}::bigint)`;

/**
 * An erased user's sign-ins as the audit log names them (`sign-in:<issuer>#<subject>`, their first sign-in's
 * provisioning, a disabled account's leaving) become `sign-in:<issuer>#<pseudonym>`: a provider's subject may be
 * a login or an email. The accounts stay bound, so the person's sign-in is still refused.
 */
export async function pseudonymiseSignInActors(
  db: Executor,
  userId: string,
  pseudonym: string,
): Promise<void> {
  const bound = await sql<{ issuer: string; subject: string }>`SELECT issuer, subject FROM user_identities
    WHERE user_id = ${userId}::bigint`.execute(db);
  for (const { issuer, subject } of bound.rows) {
    await pseudonymiseAuditActor(db, actors.signIn(issuer, subject), actors.signIn(issuer, pseudonym));
  }
}
