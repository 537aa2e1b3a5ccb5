import { sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import { insertRows } from '../../platform/db/insert-rows.ts';
import { assertNoViolation, business } from '../../platform/violation.ts';

/** A new user's columns: email and name at least; rights, quotas and working hours take their defaults. */
export type NewUser = Readonly<Record<string, unknown>> & { email: string; name: string };

const emailTaken = () =>
  assertNoViolation([business('USER_EMAIL_TAKEN', 'Another user has this email address already')]);

/**
 * The one way users are made before their first sign-in (which links them by verified email), whoever makes
 * them: an administrator in the Users table or by an import, or the company directory (SCIM). An email another
 * user has in any case is refused (422 USER_EMAIL_TAKEN), also when a racing create takes it first (the unique
 * index on lower(email)). A user created inactive has left already: nothing is theirs to release. Answers the
 * new ids in the order of `users`; many are made by a few statements (insertRows).
 */
export async function createUsers(db: Executor, users: readonly NewUser[], now: Date): Promise<string[]> {
  const taken = await sql`SELECT 1 AS one FROM users
    WHERE lower(email) IN (SELECT lower(e) FROM unnest(${users.map((columns) => columns.email)}::text[]) e)`.execute(
    db,
  );
  if (taken.rows.length > 0) {
    emailTaken();
  }
  const rows = users.map((columns) =>
    columns.is_active === false ? { ...columns, left_at: now.toISOString() } : columns,
  );
  try {
    return await insertRows(db, 'users', rows);
  } catch (error) {
    if ((error as { constraint?: unknown }).constraint === 'users_email_key') {
      emailTaken();
    }
    throw error;
  }
}

/** One user made as createUsers makes them. */
export const createUser = async (db: Executor, columns: NewUser, now: Date): Promise<string> =>
  (await createUsers(db, [columns], now))[0] as string;
