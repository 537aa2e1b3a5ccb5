import { describe, expect, it } from 'vitest';
import { withId } from '../client.ts';
import { seedReservation, workingDayAfter, worldOfFile } from '../world.ts';
import { type Entity, reserve } from './forms.ts';

const { server, admin, user, quick } = await worldOfFile({ users: ['admin', 'user', 'quick'] });
const day = await workingDayAfter(server, 2);
const MODIFY = '/services/UserReservation/modificateReservation';

/** A change of a reservation's times as `caller`, on the row `signed` names; answered whatever its status. */
const modify = (caller: typeof admin, signed: string, times: { startTime: string; endTime: string }) =>
  caller.post(MODIFY, times, withId(signed));

/** The administrators' future reservations table, with the filters the page sends. */
const futureTable = async (filters: Record<string, unknown> = {}) => {
  const panel = await admin.json<Entity>('/services/Actor/reservationsAccess/~get', {});
  return admin.json<Entity[]>(
    '/services/ReservationsPanel/futureReservations/~list',
    filters,
    withId(panel.__signedIdentifier),
  );
};

describe('an administrator and another user’s reservation (issue 14, item 10)', () => {
  it('changes its times from the reservation tables; another user may not', async () => {
    const booked = await reserve(user, 'A-113', day, '09:00:00', '10:00:00');
    const row = (await futureTable()).find((item) => item.__identifier === booked.__identifier);
    expect(row?.owner).toBeTruthy();
    const rowId = String(row?.__signedIdentifier);
    // Another ordinary user is told nothing exists.
    const foreign = await modify(quick, booked.__signedIdentifier, {
      startTime: '11:00:00',
      endTime: '12:00:00',
    });
    expect(foreign.status).toBe(404);
    // Blank and impossible times are refused at their field.
    expect((await modify(admin, rowId, { startTime: '', endTime: '12:00:00' })).status).toBe(400);
    expect((await modify(admin, rowId, { startTime: '11:00:00', endTime: '99:00:00' })).status).toBe(400);
    const moved = await admin.json<Entity>(
      MODIFY,
      { startTime: '11:00:00', endTime: '12:30:00' },
      withId(rowId),
    );
    expect(moved).toMatchObject({ startTime: '11:00:00', endTime: '12:30:00' });
    const after = (await futureTable()).find((item) => item.__identifier === booked.__identifier);
    expect(after).toMatchObject({ startTime: '11:00:00', endTime: '12:30:00' });
  });

  it('narrows the table to one user by name, as "Show their reservations" does', async () => {
    await seedReservation(server.db, {
      owner: 'quick@parkhere.example',
      slot: 'A-114',
      date: day,
      start: '12:00',
      end: '13:00',
      type: 'QUICK',
    });
    const all = await futureTable();
    const owners = new Set(all.map((item) => item.owner));
    expect(owners.size).toBeGreaterThan(1);
    const name = String(all.find((item) => item.reservationType === 'NORMAL')?.owner);
    const narrowed = await futureTable({ owner: [{ operator: 'equal', value: name }] });
    expect(narrowed.length).toBeGreaterThan(0);
    expect(narrowed.every((item) => item.owner === name)).toBe(true);
  });
});
