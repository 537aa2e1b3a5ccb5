import { addDays } from '@parkhere/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { workingDayAfter, worldOfFile } from '../world.ts';
import { type Entity, freeSlotNames, partiesOf } from './forms.ts';

/*
 * A LONG series is bounded to 366 days after its first day and its dates are checked before its days are
 * listed: a century-long span used to be expanded day by day before the answer (a second of blocked server
 * per create, four per free-slot range).
 */

const RESERVE = '/services/UserReservationPanel/reservation';
const SLOTS = '/services/ReservationInput/parkingSlot/~range';

type Item = { code: string; location: string; details?: Record<string, unknown> };

/** Reservations and jobs stored so far: a refused create writes neither. */
const written = async (): Promise<{ reservations: string; jobs: string }> => {
  const found = await sql<{ reservations: string; jobs: string }>`SELECT
      (SELECT count(*) FROM reservations)::text AS reservations, (SELECT count(*) FROM jobs)::text AS jobs`.execute(
    server.app.database.db,
  );
  return found.rows[0] ?? { reservations: '', jobs: '' };
};

const { server, admin, user } = await worldOfFile({ users: ['admin', 'user'] });
const day1 = await workingDayAfter(server, 1);

describe('LONG series bounds', () => {
  it('refuses a series ending a century ahead at endDate, for users and administrators, writing nothing', async () => {
    const before = await written();
    for (const [caller, login] of [
      [user, 'user'],
      [admin, 'admin'],
    ] as const) {
      const parties = await partiesOf(caller, 'A-115', `${login}@parkhere.example`);
      const refused = await caller.post(RESERVE, {
        reservationType: 'LONG',
        date: day1,
        endDate: addDays(day1, 36_525),
        startTime: '09:00:00',
        endTime: '10:00:00',
        ...parties,
      });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual([
        expect.objectContaining({
          code: 'SERIES_TOO_LONG',
          location: 'endDate',
          details: { max: addDays(day1, 366) },
        }),
      ]);
    }
    expect(await written()).toEqual(before);
  });

  it('refuses a series starting a century ago at date alone, writing nothing', async () => {
    const before = await written();
    const refused = await user.post(RESERVE, {
      reservationType: 'LONG',
      date: addDays(day1, -36_525),
      endDate: day1,
      startTime: '09:00:00',
      endTime: '10:00:00',
      ...(await partiesOf(user, 'A-115')),
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as Item[]).map((item) => `${item.location}:${item.code}`)).toEqual([
      'date:DATE_IN_THE_PAST',
    ]);
    expect(await written()).toEqual(before);
  });

  it('creates a series ending 366 days after its first day', async () => {
    const created = await user.json<Entity[]>(RESERVE, {
      reservationType: 'LONG',
      date: day1,
      endDate: addDays(day1, 366),
      startTime: '06:00:00',
      endTime: '07:00:00',
      ...(await partiesOf(user, 'A-116')),
    });
    // Some 250 working days of a year, one reservation each.
    expect(created.length).toBeGreaterThan(240);
    expect(created.length).toBeLessThan(262);
  });

  it('answers the free-slot range of a draft ending a century ahead like an incomplete draft', async () => {
    const [self] = await user.json<Entity[]>('/services/Actor/usersForInput/~list', {});
    const draft = { user: self, startTime: '06:00:00', endTime: '07:00:00' };
    // The series above holds A-116 at these times on every working day of the coming year.
    const withinTheBound = await freeSlotNames(user, {
      ...draft,
      reservationType: 'LONG',
      date: day1,
      endDate: addDays(day1, 30),
    });
    expect(withinTheBound).not.toContain('A-116');
    const incomplete = await freeSlotNames(user, { user: self, reservationType: 'LONG' });
    expect(incomplete).toContain('A-116');
    for (const [date, endDate] of [
      [day1, addDays(day1, 36_525)],
      [addDays(day1, -36_525), addDays(day1, 36_525)],
    ]) {
      const response = await user.post(SLOTS, {
        owner: { ...draft, reservationType: 'LONG', date, endDate },
        queryCustomizer: { aggregaredName: [{ operator: 'like', value: 'A-1%' }], _seek: { limit: 100 } },
      });
      expect(response.status).toBe(200);
      const names = ((await response.json()) as Entity[]).map(
        (slot) => String(slot.aggregaredName).split(' ')[0],
      );
      expect(names).toEqual(incomplete);
    }
  });
});
