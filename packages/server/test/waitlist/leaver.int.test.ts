import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { runLifecycle } from '../../src/lifecycle.ts';
import { expectRefusedDuringLeaving, leavingOf } from '../users/leaving-race.ts';
import { movableClock, worldOfFile } from '../world.ts';
import { JOIN, onlySlots, requestOf, type Times, takeSlot, waitlistOf } from './waitlist.ts';

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

const leaving = (id: string) => leavingOf(server, id, time.clock());

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

/*
 * A wait whose owner leaves while it is being made. On PostgreSQL only: the leaving holds its transaction open
 * on one connection while the wait's request runs on another (PGlite serves one connection at a time).
 */
describe.skipIf(!process.env.DATABASE_URL)("a wait racing its owner's leaving", () => {
  it('waits for the leaving to commit, then is refused and leaves no waiting entry behind', async () => {
    // A QUICK wait: it counts toward no quota, so nothing before its insert locks the owner's row.
    await sql`UPDATE users SET is_quick_reservation = true, is_normal_reservation = false
      WHERE email = 'user@parkhere.example'`.execute(db);
    await takeSlot(db, 'A-103', '2026-03-04', '13:00', '14:00');
    await takeSlot(db, 'A-104', '2026-03-04', '13:00', '14:00');
    const times: Times = {
      date: '2026-03-04',
      startTime: '13:00:00',
      endTime: '14:00:00',
      reservationType: 'QUICK',
    };
    const body = await requestOf(user, times);
    const id = await userId();
    await expectRefusedDuringLeaving(
      db,
      leaving(id),
      () => user.answer({ method: 'POST', path: JOIN, body }),
      sql`SELECT count(*) AS count FROM waitlist_entries WHERE user_id = ${id}::bigint AND waitlist_status = 'WAITING'`,
    );
  });
});
