import { type RawBuilder, sql } from 'kysely';
import { expect } from 'vitest';
import { deactivate } from '../../src/lifecycle.ts';
import type { Leaving } from '../../src/modules/users/index.ts';
import type { Executor } from '../../src/platform/db/executor.ts';
import { mailLimitsOf } from '../../src/platform/mail/mail-limits.ts';
import type { Answer } from '../client.ts';
import type { TestServer } from '../world.ts';

/** An administrator's leaving of the user `userId` at `now`, as the Users table's Save runs it. */
export const leavingOf = (server: TestServer, userId: string, now: Date): Leaving => ({
  userId,
  now,
  changedBy: 'admin@parkhere.example',
  budget: { limits: mailLimitsOf(server.config), userId },
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once a statement on the database waits for a lock another transaction holds (PostgreSQL). */
export async function someoneWaitsForALock(db: Executor, deadline = Date.now() + 30_000): Promise<void> {
  while (Date.now() < deadline) {
    const waiting = await sql<{ count: string }>`SELECT count(*) AS count FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(db);
    if (Number(waiting.rows[0]?.count) > 0) {
      return;
    }
    await sleep(25);
  }
  throw new Error('no statement came to wait for the leaving');
}

/**
 * `request`, sent while its owner's leaving (deactivate, with every module's hook) holds its transaction open on
 * another connection; the leaving commits once the request waits for a lock (the owner's row) or has answered.
 * The race of a leaver's last click with the administrator's Save. PostgreSQL only: PGlite serves one
 * connection at a time.
 */
export async function duringLeaving<T>(
  db: Executor,
  leaving: Leaving,
  request: () => Promise<T>,
): Promise<T> {
  let sent: Promise<T> | undefined;
  await db.transaction().execute(async (tx) => {
    await deactivate(tx, leaving);
    // Signed in before the leaving commits, the request passes its actor's check and goes on to the owner's row.
    sent = request();
    await Promise.race([sent, someoneWaitsForALock(db)]);
  });
  return sent as Promise<T>;
}

/**
 * `request` racing its owner's leaving (duringLeaving) is refused as a leaver's (403 ACCOUNT_DEACTIVATED), and
 * `held` counts nothing left behind of what it would have written.
 */
export async function expectRefusedDuringLeaving(
  db: Executor,
  leaving: Leaving,
  request: () => Promise<Answer>,
  held: RawBuilder<{ count: string }>,
): Promise<void> {
  const answer = await duringLeaving(db, leaving, request);
  expect(answer.status).toBe(403);
  expect(answer.body).toMatchObject({ code: 'ACCOUNT_DEACTIVATED' });
  expect(Number((await held.execute(db)).rows[0]?.count)).toBe(0);
}
