import { sql } from 'kysely';
import { instant } from '../../engine/access.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { assertNoViolation, business } from '../../platform/violation.ts';

/** A new user's columns: email and name at least; rights, quotas and working hours take their defaults. */
export type NewUser = Readonly<Record<string, unknown>> & { email: string; name: string };

const emailTaken = () =>
  assertNoViolation([business('USER_EMAIL_TAKEN', 'Another user has this email address already')]);

/**
 * The one way a user is made before their first sign-in (which links them by verified email), whoever makes
 * them: an administrator in the Users table, or the company directory (SCIM). An email another user has in
 * any case is refused (422 USER_EMAIL_TAKEN), also when a racing create takes it first (the unique index on
 * lower(email)). A user created inactive has left already: nothing is theirs to release. Answers the new id.
 */
export async function createUser(db: Executor, columns: NewUser, now: Date): Promise<string> {
  const taken = await sql`SELECT 1 AS one FROM users WHERE lower(email) = lower(${columns.email})`.execute(
    db,
  );
  if (taken.rows.length > 0) {
    emailTaken();
  }
  const values = Object.entries({
    ...columns,
    ...(columns.is_active === false ? { left_at: instant(now) } : {}),
  });
  try {
    const created = await sql<{ id: string }>`INSERT INTO users
        (${sql.join(values.map(([column]) => sql.raw(column)))})
      VALUES (${sql.join(values.map(([, value]) => sql`${value}`))}) RETURNING id`.execute(db);
    return String(created.rows[0]?.id);
  } catch (error) {
    if ((error as { constraint?: unknown }).constraint === 'users_email_key') {
      emailTaken();
    }
    throw error;
  }
}
