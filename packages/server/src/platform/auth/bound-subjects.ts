import { type RawBuilder, sql } from 'kysely';

/**
 * The subjects of the provider accounts bound to a user (at any issuer), as SQL a statement embeds: what the
 * embedded provider knows the user by (its account id), to end their sign-ins there when they leave.
 */
export const boundSubjectsSql = (userId: string): RawBuilder<unknown> =>
  sql`(SELECT i.subject FROM user_identities i WHERE i.user_id = ${userId}::bigint)`;
