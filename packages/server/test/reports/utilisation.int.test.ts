import type { SlotHolders, UtilisationReport } from '@parkhere/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { runAllJobs } from '../jobs/inspect.ts';
import type { Entity } from '../reservations/forms.ts';
import { movableClock, seedDrawRequest, seedReservation, seedWaitlistEntry, worldOfFile } from '../world.ts';
import { staleGarages } from './parity.ts';

/*
 * The utilisation report (issue 28, items 1 and 3) against figures computed by hand. "Report Garage" measures the
 * whole day (its own working hours 00:00–24:00) with two active slots and an inactive one, over Friday 27 March
 * 2026 to Monday 30 March: Saturday is no working day, Sunday 29 March is both the spring DST day (a 23-hour day
 * in Budapest) and an additional working day. "Window Garage" has no hours of its own: the configured 08:00–18:00.
 */
const time = movableClock('2026-04-01T10:00:00+02:00');
const { server, admin, user } = await worldOfFile({
  users: ['admin', 'user'],
  clock: time.clock,
  jobs: { poll: false },
});
const db = server.db;
const USER = 'user@parkhere.example';
const QUICK = 'quick@parkhere.example';

await sql`INSERT INTO parking_garages (name, working_hours_start, working_hours_end)
  VALUES ('Report Garage', '00:00', '24:00'), ('Window Garage', NULL, NULL)`.execute(db);
await sql`INSERT INTO parking_slots (parking_garage_id, name, floor, is_active)
  SELECT g.id, s.name, 0, s.active FROM parking_garages g
    JOIN (VALUES ('Report Garage', 'RPT-1', true), ('Report Garage', 'RPT-2', true),
      ('Report Garage', 'RPT-3', false), ('Window Garage', 'WIN-1', true)) AS s (garage, name, active)
    ON s.garage = g.name`.execute(db);
await sql`UPDATE configuration SET working_hours_start = '08:00', working_hours_end = '18:00'`.execute(db);
await sql`INSERT INTO additional_days (day, type_of_day) VALUES ('2026-03-29', 'WORK')
  ON CONFLICT (day) DO UPDATE SET type_of_day = 'WORK'`.execute(db);

const booked = (slot: string, date: string, start: string, end: string, more: object = {}) =>
  seedReservation(db, { owner: USER, slot, date, start, end, ...more });
const guest = { name: 'Greta Guest', email: 'greta@guest.example', licensePlate: 'GRT 001' };
const ids = {
  // Friday: 09–17 checked in, 12–14 and 14–15 back to back (never three at once).
  checkedIn: await booked('RPT-1', '2026-03-27', '09:00', '17:00'),
  quickNoon: await booked('RPT-2', '2026-03-27', '12:00', '14:00', { owner: QUICK, type: 'QUICK' }),
  quickAfter: await booked('RPT-2', '2026-03-27', '14:00', '15:00', { owner: QUICK, type: 'QUICK' }),
  // Saturday, on the inactive slot.
  saturday: await booked('RPT-3', '2026-03-28', '10:00', '12:00'),
  // Sunday, the DST day: 01:00 CET to 05:00 CEST is three hours; the guest's 04–06 overlaps it for one.
  overNight: await booked('RPT-1', '2026-03-29', '01:00', '05:00'),
  guest: await booked('RPT-2', '2026-03-29', '04:00', '06:00', { type: 'GUEST', guest }),
  // Monday: a no-show released at 09:30, a LONG day cancelled at 11:00, one deleted.
  noShow: await booked('RPT-1', '2026-03-30', '09:00', '10:00'),
  cancelled: await booked('RPT-2', '2026-03-30', '10:00', '12:00', {
    type: 'LONG',
    seriesId: '00000000-0000-4000-8000-000000000001',
  }),
  deleted: await booked('RPT-1', '2026-03-30', '13:00', '15:00'),
  // Window Garage's Friday: 07–09 is one hour inside 08–18.
  early: await booked('WIN-1', '2026-03-27', '07:00', '09:00'),
};
const idList = (...names: (keyof typeof ids)[]) => sql.join(names.map((name) => sql`${ids[name]}::bigint`));
// Booked a day ahead, QUICK ones an hour ahead.
await sql`UPDATE reservations SET created = lower(during) - CASE reservation_type WHEN 'QUICK' THEN interval '1 hour'
  ELSE interval '1 day' END WHERE id IN (${idList(...(Object.keys(ids) as (keyof typeof ids)[]))})`.execute(
  db,
);
await sql`UPDATE reservations SET checked_in_at = lower(during) WHERE id = ${ids.checkedIn}::bigint`.execute(
  db,
);
await sql`UPDATE reservations SET reservation_status = 'NO_SHOW', modefied = lower(during) + interval '30 minutes'
  WHERE id = ${ids.noShow}::bigint`.execute(db);
await sql`UPDATE reservations SET reservation_status = 'EXPIRED', cancelled_at = lower(during) + interval '1 hour',
  booked_end_time = end_time, end_time = '11:00', during = tstzrange(lower(during), lower(during) + interval '1 hour')
  WHERE id = ${ids.cancelled}::bigint`.execute(db);
await sql`UPDATE reservations SET reservation_status = 'DELETED' WHERE id = ${ids.deleted}::bigint`.execute(
  db,
);

const place = await seedWaitlistEntry(db, {
  owner: USER,
  garage: 'Report Garage',
  date: '2026-03-27',
  start: '09:00',
  end: '10:00',
});
await sql`UPDATE waitlist_entries SET waitlist_status = 'EXPIRED' WHERE id = ${place}::bigint`.execute(db);
await seedWaitlistEntry(db, {
  owner: QUICK,
  garage: 'Report Garage',
  date: '2026-03-30',
  start: '09:00',
  end: '10:00',
});
await seedDrawRequest(db, {
  owner: QUICK,
  garage: 'Report Garage',
  date: '2026-03-30',
  start: '09:00',
  end: '10:00',
  status: 'LOST',
});
await seedDrawRequest(db, {
  owner: USER,
  garage: 'Report Garage',
  date: '2026-03-30',
  start: '10:00',
  end: '11:00',
  status: 'WON',
});

// The configured hours' change above marked every garage without hours of its own for the rollup's rebuild
// (migration 0046): the job rebuilds them, so the figures below are the rollup's.
await runAllJobs(server);

const garageId = async (name: string) => {
  const rows = await admin.json<Entity[]>('/services/Actor/parkingGarages/~list', {
    name: [{ operator: 'equal', value: name }],
  });
  return String(rows[0]?.__signedIdentifier);
};
const reportOf = (query: string, as = admin) =>
  as.answer({ method: 'GET', path: `/reports/utilisation?${query}` });
const report = async (query: string) => {
  const answer = await reportOf(query);
  expect(answer.status).toBe(200);
  return answer.body as UtilisationReport;
};
const reportGarage = await garageId('Report Garage');
const period = `from=2026-03-27&to=2026-03-30&garage=${encodeURIComponent(reportGarage)}`;

const day = (date: string, working: boolean, figures: object) => ({ date, workingDay: working, ...figures });
const none = { checkIns: 0, noShows: 0, waitlistUnserved: 0, drawLosers: 0, cancellations: 0 };

describe('GET /api/reports/utilisation', () => {
  it('answers each day: reservations, slot-hours in the window, occupancy, peak, check-ins, no-shows, demand', async () => {
    const { days } = await report(period);
    expect(days).toEqual([
      day('2026-03-27', true, {
        ...none,
        reservations: 3,
        reservedSlotHours: 11,
        availableSlotHours: 48,
        occupancy: 0.2292,
        peakInUse: 2,
        checkIns: 1,
        waitlistUnserved: 1,
      }),
      day('2026-03-28', false, {
        ...none,
        reservations: 1,
        reservedSlotHours: 2,
        availableSlotHours: 0,
        occupancy: null,
        peakInUse: 1,
      }),
      day('2026-03-29', true, {
        ...none,
        reservations: 2,
        reservedSlotHours: 5,
        availableSlotHours: 46,
        occupancy: 0.1087,
        peakInUse: 2,
      }),
      day('2026-03-30', true, {
        ...none,
        reservations: 1,
        cancellations: 1,
        reservedSlotHours: 1.5,
        availableSlotHours: 48,
        occupancy: 0.0313,
        peakInUse: 1,
        noShows: 1,
        drawLosers: 1,
      }),
    ]);
  });

  it('sums the days per weekday, Monday first', async () => {
    const { weekdays } = await report(period);
    const weekday = (n: number, reservations: number, reserved: number, available: number, peak: number) => ({
      weekday: n,
      days: 1,
      reservations,
      reservedSlotHours: reserved,
      availableSlotHours: available,
      occupancy: available === 0 ? null : Math.round((reserved / available) * 10_000) / 10_000,
      peakInUse: peak,
    });
    expect(weekdays).toEqual([
      weekday(1, 1, 1.5, 48, 1),
      weekday(5, 3, 11, 48, 2),
      weekday(6, 1, 2, 0, 1),
      weekday(7, 2, 5, 46, 2),
    ]);
  });

  it('answers the hours each slot was used, the inactive one too since it was used', async () => {
    const { slots } = await report(period);
    expect(slots.map(({ slot, ...rest }) => rest)).toEqual([
      {
        name: 'RPT-1 / 0 (Report Garage)',
        garageName: 'Report Garage',
        active: true,
        reservations: 3,
        hoursUsed: 11.5,
      },
      {
        name: 'RPT-2 / 0 (Report Garage)',
        garageName: 'Report Garage',
        active: true,
        reservations: 3,
        hoursUsed: 6,
      },
      {
        name: 'RPT-3 / 0 (Report Garage)',
        garageName: 'Report Garage',
        active: false,
        reservations: 1,
        hoursUsed: 2,
      },
    ]);
  });

  it('answers each type: reservations, cancellations, deletions and the average lead time', async () => {
    const { types } = await report(period);
    expect(types).toEqual([
      { type: 'NORMAL', reservations: 4, cancellations: 0, deletions: 1, averageLeadHours: 24 },
      { type: 'QUICK', reservations: 2, cancellations: 0, deletions: 0, averageLeadHours: 1 },
      { type: 'GUEST', reservations: 1, cancellations: 0, deletions: 0, averageLeadHours: 24 },
      { type: 'LONG', reservations: 0, cancellations: 1, deletions: 0, averageLeadHours: null },
    ]);
  });

  it('answers check-ins, no-shows, releases and the no-show rate per garage and per user', async () => {
    const { garages, users } = await report(period);
    const attendance = { checkIns: 1, noShows: 1, releases: 1, noShowRate: 0.5 };
    expect(garages).toEqual([{ name: 'Report Garage', reservations: 7, ...attendance }]);
    expect(users).toEqual([
      { name: expect.any(String), email: USER, reservations: 5, ...attendance },
      {
        name: expect.any(String),
        email: QUICK,
        reservations: 2,
        checkIns: 0,
        noShows: 0,
        releases: 0,
        noShowRate: null,
      },
    ]);
  });

  it('measures a garage without hours of its own in the configured working hours', async () => {
    const garage = encodeURIComponent(await garageId('Window Garage'));
    const { days } = await report(`from=2026-03-27&to=2026-03-27&garage=${garage}`);
    expect(days).toEqual([
      day('2026-03-27', true, {
        ...none,
        reservations: 1,
        reservedSlotHours: 1,
        availableSlotHours: 10,
        occupancy: 0.1,
        peakInUse: 1,
      }),
    ]);
  });

  it('measures the configured hours changed: directly until the rebuild job ran, from the rollup after', async () => {
    const garage = encodeURIComponent(await garageId('Window Garage'));
    const query = `from=2026-03-27&to=2026-03-27&garage=${garage}`;
    const friday = (hours: number, available: number) => [
      day('2026-03-27', true, {
        ...none,
        reservations: 1,
        reservedSlotHours: hours,
        availableSlotHours: available,
        occupancy: Math.round((hours / available) * 10_000) / 10_000,
        peakInUse: 1,
      }),
    ];
    // 07:00–18:00: the 07–09 booking is two hours inside, of eleven.
    await sql`UPDATE configuration SET working_hours_start = '07:00'`.execute(db);
    expect((await staleGarages(db)).length).toBeGreaterThan(0);
    expect((await report(query)).days).toEqual(friday(2, 11));
    await runAllJobs(server);
    expect(await staleGarages(db)).toEqual([]);
    expect((await report(query)).days).toEqual(friday(2, 11));
    await sql`UPDATE configuration SET working_hours_start = '08:00'`.execute(db);
    expect((await report(query)).days).toEqual(friday(1, 10));
    await runAllJobs(server);
    expect((await report(query)).days).toEqual(friday(1, 10));
  });

  it('covers every garage without one, the period and zone named', async () => {
    const all = await report('from=2026-03-27&to=2026-03-30');
    expect(all).toMatchObject({ from: '2026-03-27', to: '2026-03-30', timeZone: 'Europe/Budapest' });
    expect(all.garages.map((garage) => garage.name)).toEqual(
      expect.arrayContaining(['Report Garage', 'Window Garage']),
    );
    const friday = all.days[0];
    expect(friday?.reservedSlotHours).toBeGreaterThanOrEqual(12);
  });

  it('refuses users (403) and a question it cannot answer, with what is wrong', async () => {
    expect((await reportOf(period, user)).status).toBe(403);
    const refusal = async (query: string) => {
      const answer = await reportOf(query);
      return { status: answer.status, body: answer.body };
    };
    expect(await refusal('to=2026-03-30')).toEqual({
      status: 400,
      body: [{ code: 'MISSING_REQUIRED_ATTRIBUTE', level: 'ERROR', location: 'from' }],
    });
    expect(await refusal('from=2026-02-30&to=tomorrow')).toEqual({
      status: 400,
      body: [
        { code: 'CONVERSION_FAILED', level: 'ERROR', location: 'from' },
        { code: 'CONVERSION_FAILED', level: 'ERROR', location: 'to' },
      ],
    });
    expect(await refusal('from=2026-03-30&to=2026-03-27')).toEqual({
      status: 400,
      body: [{ code: 'NOT_ACCEPTED_BY_RANGE', level: 'ERROR', location: 'to' }],
    });
    expect(await refusal('from=2026-01-01&to=2027-01-02')).toMatchObject({
      status: 422,
      body: { code: 'PERIOD_TOO_LONG', details: { maxDays: 366 } },
    });
    expect((await refusal('from=2026-01-01&to=2026-12-31')).status).toBe(200);
    expect(await refusal('from=2026-03-27&to=2026-03-30&garage=forged')).toEqual({
      status: 400,
      body: [{ code: 'INVALID_IDENTIFIER', level: 'ERROR', location: 'garage' }],
    });
  });
});

describe('GET /api/reports/slot-holders', () => {
  const holdersOf = async (at: string) => {
    const { slots } = await report(period);
    const slot = encodeURIComponent(String(slots[0]?.slot));
    const answer = await admin.answer({ method: 'GET', path: `/reports/slot-holders?slot=${slot}&at=${at}` });
    expect(answer.status).toBe(200);
    return answer.body as SlotHolders;
  };

  it('names who held the slot at the instant, in the DST night too', async () => {
    // 01:30 CET on the DST day.
    expect(await holdersOf('2026-03-29T00:30:00Z')).toEqual({
      slotName: 'RPT-1 / 0 (Report Garage)',
      at: '2026-03-29T00:30:00.000Z',
      holders: [
        {
          name: expect.any(String),
          email: USER,
          type: 'NORMAL',
          guestName: null,
          licensePlate: expect.any(String),
          startsAt: '2026-03-29T00:00:00.000Z',
          endsAt: '2026-03-29T03:00:00.000Z',
          checkedInAt: null,
        },
      ],
    });
  });

  it('names nobody once a no-show was released, and the no-show before', async () => {
    expect((await holdersOf('2026-03-30T07:15:00Z')).holders.map((holder) => holder.email)).toEqual([USER]);
    expect((await holdersOf('2026-03-30T07:45:00Z')).holders).toEqual([]);
  });

  it('refuses users and what is not a slot or an instant', async () => {
    const path = '/reports/slot-holders?slot=forged&at=2026-03-29T00:30:00Z';
    expect((await user.answer({ method: 'GET', path })).status).toBe(403);
    expect(
      await admin.answer({ method: 'GET', path: '/reports/slot-holders?slot=forged&at=yesterday' }),
    ).toMatchObject({
      status: 400,
      body: [{ code: 'CONVERSION_FAILED', level: 'ERROR', location: 'at' }],
    });
    expect((await admin.answer({ method: 'GET', path })).body).toEqual([
      { code: 'INVALID_IDENTIFIER', level: 'ERROR', location: 'slot' },
    ]);
  });
});
