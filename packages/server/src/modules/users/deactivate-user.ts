import { sql } from 'kysely';
import { instant } from '../../engine/access.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { LifecycleEvents, RunLifecycle } from '../../platform/lifecycle.ts';

/** Who leaves, when, who made the change and whose mail budget the change's mails to outsiders spend. */
export type Leaving = LifecycleEvents['userLeft'];

/** Deactivates a user in the caller's transaction: `deactivateUser` with the modules' hooks bound. */
export type Deactivate = (db: Executor, leaving: Leaving) => Promise<boolean>;

/**
 * The one way a user leaves, whoever makes them (an administrator's Save, sign-in finding the account
 * disabled, the directory): in the caller's transaction the user's row is locked, made inactive and marked
 * left, and every module's `userLeft` hook releases what they hold. A user who already left is left as they
 * are (nothing is released twice); one made inactive by another path (SQL, before leavers existed) leaves now.
 * Whether a leaving ran.
 */
export async function deactivateUser(
  db: Executor,
  leaving: Leaving,
  runLifecycle: RunLifecycle,
): Promise<boolean> {
  const found = await sql<{ hasLeft: boolean }>`SELECT (NOT is_active AND left_at IS NOT NULL) AS has_left
    FROM users WHERE id = ${leaving.userId}::bigint FOR UPDATE`.execute(db);
  const user = found.rows[0];
  if (user === undefined || user.hasLeft) {
    return false;
  }
  await sql`UPDATE users SET version = version + CASE WHEN is_active THEN 1 ELSE 0 END, is_active = false,
      left_at = ${instant(leaving.now)}
    WHERE id = ${leaving.userId}::bigint`.execute(db);
  await runLifecycle(db, 'userLeft', leaving);
  return true;
}
