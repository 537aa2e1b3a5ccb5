import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { clientFor } from '../client.ts';
import type { Entity } from '../reservations/forms.ts';
import { JOIN, onlySlots, requestOf, takeSlot } from '../waitlist/waitlist.ts';
import { movableClock, seedReservation, usersWorkingDay, worldOfFile } from '../world.ts';
import { auditMark, auditSince } from './audit-log.ts';

/*
 * The job worker stamps what a job's own transactions change as `system:<job kind>`, with the business event
 * as the reason: the no-show release and the waitlist's promotion.
 */

// Tuesday 2026-12-01 in Budapest: a reservation 09:00–17:00 of HQ Garage is a no-show from 09:30.
const DAY = '2026-12-01';
const NEXT_DAY = '2026-12-02';
const at = (time: string) => `${DAY}T${time}+01:00`;
const time = movableClock(at('08:00:00'));
const { server, db, user } = await worldOfFile({ clock: time.clock, jobs: { poll: false }, users: ['user'] });
const admin = await clientFor(server, 'admin');
await sql`UPDATE users SET max_normal_reservation = 100`.execute(db);

/** Runs every job due now, and what they queue for now. */
const runJobs = async () => {
  while ((await server.app.jobs.runDue()) > 0) {
    // until nothing is due
  }
};

const summary = (entries: Awaited<ReturnType<typeof auditSince>>) =>
  entries.map(({ table, action, rowId, actor, reason }) => ({ table, action, rowId, actor, reason }));

describe('the audit log of jobs', () => {
  it('records the no-show release as the release job’s, for the reason “no-show release”', async () => {
    await sql`UPDATE parking_garages SET check_in_required = true WHERE name = 'HQ Garage'`.execute(db);
    const id = await seedReservation(db, usersWorkingDay('A-105', DAY));
    const mark = await auditMark(db);
    time.set(at('09:31:00'));
    await runJobs();
    const entries = await auditSince(db, mark, 'reservations');
    expect(summary(entries)).toEqual([
      {
        table: 'reservations',
        action: 'UPDATE',
        rowId: id,
        actor: 'system:reservations.release-no-shows',
        reason: 'no-show release',
      },
    ]);
    expect(entries[0]?.after).toMatchObject({ reservation_status: 'NO_SHOW' });
    // Administrators read it as the job's, with no person and no request behind it.
    const listed = await admin.json<Record<string, unknown>[]>('/services/Actor/auditLog/~list', {
      entityType: [{ operator: 'equal', value: 'reservations' }],
      entityId: [{ operator: 'equal', value: id }],
      _seek: { limit: 10 },
    });
    expect(
      listed.map(({ actorName, actorEmail, reason, address }) => ({
        actorName,
        actorEmail,
        reason,
        address,
      })),
    ).toEqual([
      {
        actorName: 'system:reservations.release-no-shows',
        actorEmail: null,
        reason: 'no-show release',
        address: null,
      },
      { actorName: 'system', actorEmail: null, reason: null, address: null },
    ]);
  });

  it('records a promotion’s reservation and entry as the promotion job’s, for the reason “waitlist promotion”', async () => {
    await onlySlots(db, ['A-103']);
    const filler = await takeSlot(db, 'A-103', NEXT_DAY, '09:00', '10:00');
    const entry = await user.json<Entity>(
      JOIN,
      await requestOf(user, { date: NEXT_DAY, startTime: '09:00:00', endTime: '10:00:00' }),
    );
    await sql`UPDATE reservations SET reservation_status = 'DELETED' WHERE id = ${filler}`.execute(db);
    const mark = await auditMark(db);
    await runJobs();
    const entries = await auditSince(db, mark);
    const promotion = { actor: 'system:waitlist.promote', reason: 'waitlist promotion' };
    expect(summary(entries)).toEqual([
      { table: 'reservations', action: 'INSERT', rowId: expect.any(String), ...promotion },
      { table: 'waitlist_entries', action: 'UPDATE', rowId: entry.__identifier, ...promotion },
    ]);
    expect(entries[1]?.after).toMatchObject({
      waitlist_status: 'PROMOTED',
      reservation_id: Number(entries[0]?.rowId),
    });
  });
});
