import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { runLifecycle } from '../../src/lifecycle.ts';
import { mailLimitsOf } from '../../src/platform/mail/mail-limits.ts';
import { movableClock, worldOfFile } from '../world.ts';
import { JOIN, onlySlots, requestOf, takeSlot, waitlistOf } from './waitlist.ts';

/*
 * The lifecycle hook "a user left", as the composition root assembles it: the modules' handlers run in the
 * caller's transaction, so they commit with it, and a rolled-back transaction leaves everything as it was.
 */

const time = movableClock('2026-03-04T08:00:00+01:00');
const { server, user } = await worldOfFile({ users: ['user'], clock: time.clock, jobs: { poll: false } });
const db = server.db;
await onlySlots(db, ['A-103', 'A-104']);
await takeSlot(db, 'A-103', '2026-03-05', '09:00', '10:00');
await takeSlot(db, 'A-104', '2026-03-05', '09:00', '10:00');
await user.json(
  JOIN,
  await requestOf(user, { date: '2026-03-05', startTime: '09:00:00', endTime: '10:00:00' }),
);

const userId = async () =>
  (
    await sql<{ id: string }>`SELECT id::text AS id FROM users WHERE email = 'user@parkhere.example'`.execute(
      db,
    )
  ).rows[0]?.id ?? '';

const leaving = (id: string) => ({
  userId: id,
  now: time.clock(),
  changedBy: 'admin@parkhere.example',
  budget: { limits: mailLimitsOf(server.config), userId: id },
});

describe('a user left', () => {
  it("runs the modules' handlers in the caller's transaction: rolled back with it, committed with it", async () => {
    const id = await userId();
    expect(await waitlistOf(user)).toHaveLength(1);
    await expect(
      db.transaction().execute(async (tx) => {
        await runLifecycle(tx, 'userLeft', leaving(id));
        throw new Error('the deactivation failed after the hooks ran');
      }),
    ).rejects.toThrow('the deactivation failed');
    expect(await waitlistOf(user)).toHaveLength(1);
    await db.transaction().execute((tx) => runLifecycle(tx, 'userLeft', leaving(id)));
    expect(await waitlistOf(user)).toEqual([]);
  });
});
