import type { Availability, AvailabilityDay } from '@parkhere/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Requests } from '../client.ts';
import { clientFor } from '../client.ts';
import {
  movableClock,
  seedDrawRequest,
  seedHoliday,
  seedReservation,
  seedWaitlistEntry,
  worldOfFile,
} from '../world.ts';

/*
 * GET /api/availability (issue 32, item 1) against counts made by hand. "Avail Garage" has eight slots: AV-1 and
 * AV-2 normal, AV-3 the "Avail Pool" group's (released at 14:00 the working day before), AV-4 assigned to the
 * owner (on holiday Wednesday, the day given back Thursday), AV-5 accessible, AV-6 exclusive, AV-7 with a
 * charger, AV-8 inactive; "Avail Elsewhere" (AE-1) is a garage the walker may not use. The walker may use Avail
 * Garage only, has no car, no permit and no group. The week is Monday 7 to Sunday 13 December 2026, the clock
 * Monday 08:00 in Budapest; Friday the 11th is made a holiday and Saturday the 12th a working day
 * (additional days). Asked hours 09:00–17:00.
 */
const time = movableClock('2026-12-07T08:00:00+01:00');
const { server, admin } = await worldOfFile({ clock: time.clock, jobs: { poll: false }, users: ['admin'] });
const db = server.db;
const walker = await clientFor(server, 'avail-walker');
const owner = await clientFor(server, 'avail-owner');
const other = await clientFor(server, 'avail-other');
// Their first calls provision them.
for (const caller of [walker, owner, other]) {
  await caller.answer({ method: 'GET', path: '/availability?from=2026-12-07&to=2026-12-07' });
}
const WALKER = 'avail-walker@parkhere.example';
const OWNER = 'avail-owner@parkhere.example';
const OTHER = 'avail-other@parkhere.example';

await sql`INSERT INTO parking_garages (name) VALUES ('Avail Garage'), ('Avail Elsewhere')`.execute(db);
await sql`INSERT INTO groups (name, pool_release_time, pool_release_working_days_before)
  VALUES ('Avail Pool', '14:00', 1)`.execute(db);
await sql`INSERT INTO parking_slots (parking_garage_id, name, floor, is_active, is_exclusive, is_accessible,
    has_charger, reserved_for_group_id, assigned_to_id)
  SELECT g.id, s.name, 0, s.active, s.exclusive, s.accessible, s.charger,
    CASE WHEN s.pool THEN (SELECT id FROM groups WHERE name = 'Avail Pool') END,
    CASE WHEN s.assigned THEN (SELECT id FROM users WHERE email = ${OWNER}) END
  FROM parking_garages g JOIN (VALUES
    ('Avail Garage', 'AV-1', true, false, false, false, false, false),
    ('Avail Garage', 'AV-2', true, false, false, false, false, false),
    ('Avail Garage', 'AV-3', true, false, false, false, true, false),
    ('Avail Garage', 'AV-4', true, false, false, false, false, true),
    ('Avail Garage', 'AV-5', true, false, true, false, false, false),
    ('Avail Garage', 'AV-6', true, true, false, false, false, false),
    ('Avail Garage', 'AV-7', true, false, false, true, false, false),
    ('Avail Garage', 'AV-8', false, false, false, false, false, false),
    ('Avail Elsewhere', 'AE-1', true, false, false, false, false, false))
    AS s (garage, name, active, exclusive, accessible, charger, pool, assigned) ON s.garage = g.name`.execute(
  db,
);
// The three use Avail Garage only; the administrator both, and none of the demo's.
await sql`DELETE FROM user_accessed_garages WHERE user_id IN (SELECT id FROM users
  WHERE email IN (${WALKER}, ${OWNER}, ${OTHER}, 'admin@parkhere.example'))`.execute(db);
await sql`INSERT INTO user_accessed_garages (user_id, parking_garage_id)
  SELECT u.id, g.id FROM users u CROSS JOIN parking_garages g
  WHERE (u.email IN (${WALKER}, ${OWNER}, ${OTHER}) AND g.name = 'Avail Garage')
    OR (u.email = 'admin@parkhere.example' AND g.name IN ('Avail Garage', 'Avail Elsewhere'))
  ON CONFLICT DO NOTHING`.execute(db);
await sql`INSERT INTO additional_days (day, type_of_day) VALUES ('2026-12-11', 'HOLIDAY'), ('2026-12-12', 'WORK')
  ON CONFLICT (day) DO UPDATE SET type_of_day = excluded.type_of_day`.execute(db);
await sql`UPDATE users SET start_of_working_time = '10:00', end_of_working_time = '15:00' WHERE email = ${WALKER}`.execute(
  db,
);

// The owner: on holiday on Wednesday, Thursday given back.
await seedHoliday(db, { owner: OWNER, start: '2026-12-09', end: '2026-12-09' });
await sql`INSERT INTO assigned_slot_releases (parking_slot_id, date, owner_id)
  SELECT s.id, '2026-12-10', s.assigned_to_id FROM parking_slots s WHERE s.name = 'AV-4'`.execute(db);
// The walker: Tuesday on AV-1, Wednesday second on the waitlist, a draw request and a holiday on Thursday.
await seedReservation(db, { owner: WALKER, slot: 'AV-1', date: '2026-12-08', start: '09:00', end: '17:00' });
await seedWaitlistEntry(db, {
  owner: OTHER,
  garage: 'Avail Garage',
  date: '2026-12-09',
  start: '09:00',
  end: '17:00',
});
await seedWaitlistEntry(db, {
  owner: WALKER,
  garage: 'Avail Garage',
  date: '2026-12-09',
  start: '10:00',
  end: '12:00',
});
await seedDrawRequest(db, {
  owner: WALKER,
  garage: 'Avail Garage',
  date: '2026-12-10',
  start: '09:00',
  end: '17:00',
});
await seedHoliday(db, { owner: WALKER, start: '2026-12-10', end: '2026-12-10' });
// The other user: Wednesday 10–11 on AV-2, and a guest of theirs on AV-1 on Saturday.
await seedReservation(db, { owner: OTHER, slot: 'AV-2', date: '2026-12-09', start: '10:00', end: '11:00' });
await seedReservation(db, {
  owner: OTHER,
  slot: 'AV-1',
  date: '2026-12-12',
  start: '08:00',
  end: '09:00',
  type: 'GUEST',
  guest: { name: 'Avail Guest', email: 'avail-guest@guest.example', licensePlate: 'AVG 001' },
});

const WEEK = 'from=2026-12-07&to=2026-12-13';
const HOURS = '&startTime=09:00&endTime=17:00';

const availabilityOf = async (caller: Requests, query: string): Promise<Availability> => {
  const answer = await caller.answer({ method: 'GET', path: `/availability?${query}` });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as Availability;
};
const countsOf = (days: AvailabilityDay[]) => days.map((day) => [day.date, day.freeSlots, day.totalSlots]);
const nothingMine = {
  reservations: [],
  onHoliday: false,
  waitlistPosition: null,
  drawRequest: false,
  assignedSlot: null,
};

describe('GET /api/availability', () => {
  it("counts the walker's offered and free slots per day, and shows what is theirs", async () => {
    const week = await availabilityOf(walker, `${WEEK}${HOURS}`);
    expect(week).toMatchObject({
      from: '2026-12-07',
      to: '2026-12-13',
      startTime: '09:00:00',
      endTime: '17:00:00',
    });
    expect(week.days.map((day) => [day.date, day.isWorkingDay])).toEqual([
      ['2026-12-07', true],
      ['2026-12-08', true],
      ['2026-12-09', true],
      ['2026-12-10', true],
      ['2026-12-11', false],
      ['2026-12-12', true],
      ['2026-12-13', false],
    ]);
    // Monday: AV-1, AV-2 and the pool's AV-3 (released Friday 14:00). Tuesday: the pool not yet (Monday 14:00),
    // AV-1 the walker's own. Wednesday: AV-4 (its owner on holiday), AV-2 taken 10–11. Thursday: AV-4 given back.
    // Saturday, an additional working day: AV-1 and AV-2, the guest's 08–09 ends before 09:00.
    expect(countsOf(week.days)).toEqual([
      ['2026-12-07', 3, 3],
      ['2026-12-08', 1, 2],
      ['2026-12-09', 2, 3],
      ['2026-12-10', 3, 3],
      ['2026-12-11', null, null],
      ['2026-12-12', 2, 2],
      ['2026-12-13', null, null],
    ]);
    const mine = Object.fromEntries(week.days.map((day) => [day.date, day.mine]));
    expect(mine['2026-12-07']).toEqual(nothingMine);
    expect(mine['2026-12-08']).toEqual({
      ...nothingMine,
      reservations: [
        {
          slotName: expect.stringContaining('AV-1'),
          startTime: '09:00:00',
          endTime: '17:00:00',
          reservationType: 'NORMAL',
          guestName: null,
        },
      ],
    });
    expect(mine['2026-12-09']).toEqual({ ...nothingMine, waitlistPosition: 2 });
    expect(mine['2026-12-10']).toEqual({ ...nothingMine, onHoliday: true, drawRequest: true });
    // Another user's Saturday guest and Wednesday booking are never the walker's.
    expect(mine['2026-12-12']).toEqual(nothingMine);
    expect(JSON.stringify(week)).not.toContain('Avail Guest');
  });

  it("reads the caller's working hours when no hours are asked", async () => {
    const week = await availabilityOf(walker, WEEK);
    expect(week).toMatchObject({ startTime: '10:00:00', endTime: '15:00:00' });
    // Wednesday 10–15 meets the other user's 10–11 on AV-2 as 09–17 did.
    expect(countsOf(week.days).slice(0, 3)).toEqual([
      ['2026-12-07', 3, 3],
      ['2026-12-08', 1, 2],
      ['2026-12-09', 2, 3],
    ]);
    // 11:00–15:00 misses it: back to back is free.
    const later = await availabilityOf(
      walker,
      'from=2026-12-09&to=2026-12-09&startTime=11:00&endTime=15:00:00',
    );
    expect(countsOf(later.days)).toEqual([['2026-12-09', 3, 3]]);
  });

  it('offers the pool once released, and the accessible slot from 30 minutes before the start', async () => {
    time.set('2026-12-07T08:45:00+01:00');
    try {
      // 09:00 is within 30 minutes: AV-5 is everybody's on Monday, not yet on Tuesday.
      const early = await availabilityOf(walker, `from=2026-12-07&to=2026-12-08${HOURS}`);
      expect(countsOf(early.days)).toEqual([
        ['2026-12-07', 4, 4],
        ['2026-12-08', 1, 2],
      ]);
      time.set('2026-12-07T14:00:00+01:00');
      // Tuesday's pool is released at Monday 14:00.
      const released = await availabilityOf(walker, `from=2026-12-08&to=2026-12-08${HOURS}`);
      expect(countsOf(released.days)).toEqual([['2026-12-08', 2, 3]]);
    } finally {
      time.set('2026-12-07T08:00:00+01:00');
    }
  });

  it('shows the owner their assigned slot, counted on every day, and the days they are away', async () => {
    const week = await availabilityOf(owner, `${WEEK}${HOURS}`);
    // The owner's own slot is offered to them every day: one more than the walker's Monday and Tuesday, and the
    // same on Wednesday and Thursday, when it is everybody's. Nothing of the walker's is free or taken for them.
    expect(countsOf(week.days)).toEqual([
      ['2026-12-07', 4, 4],
      ['2026-12-08', 2, 3],
      ['2026-12-09', 2, 3],
      ['2026-12-10', 3, 3],
      ['2026-12-11', null, null],
      ['2026-12-12', 3, 3],
      ['2026-12-13', null, null],
    ]);
    const assigned = week.days.map((day) => [day.date, day.mine.assignedSlot?.givenBack, day.mine.onHoliday]);
    expect(assigned).toEqual([
      ['2026-12-07', false, false],
      ['2026-12-08', false, false],
      ['2026-12-09', false, true],
      ['2026-12-10', true, false],
      ['2026-12-11', false, false],
      ['2026-12-12', false, false],
      ['2026-12-13', false, false],
    ]);
    expect(week.days[0]?.mine.assignedSlot?.slotName).toContain('AV-4');
    expect(week.days.flatMap((day) => day.mine.reservations)).toEqual([]);
  });

  it('gives the other user their own bookings and guest only', async () => {
    const week = await availabilityOf(other, `${WEEK}${HOURS}`);
    const mine = week.days.map((day) => [day.date, day.mine.reservations.map((each) => each.guestName)]);
    expect(mine.filter(([, names]) => (names as unknown[]).length > 0)).toEqual([
      ['2026-12-09', [null]],
      ['2026-12-12', ['Avail Guest']],
    ]);
    expect(week.days[2]?.mine.waitlistPosition).toBe(1);
    expect(week.days[3]?.mine).toMatchObject({ drawRequest: false, onHoliday: false });
  });

  it('counts exclusive slots and the other garage for an administrator, not the assigned slot on its days', async () => {
    const week = await availabilityOf(admin, `from=2026-12-07&to=2026-12-07${HOURS}`);
    // AV-1, AV-2, AV-3, AV-5, AV-6, AV-7 (administrators take any slot but an assigned one) and AE-1.
    expect(countsOf(week.days)).toEqual([['2026-12-07', 7, 7]]);
  });

  it('refuses a bad question with a 400 naming the parameter', async () => {
    const refusal = async (query: string) => {
      const answer = await walker.answer({ method: 'GET', path: `/availability?${query}` });
      expect(answer.status).toBe(400);
      return (answer.body as { code: string; location: string; details?: unknown }[]).map((item) => [
        item.code,
        item.location,
      ]);
    };
    expect(await refusal('from=2026-12-01&to=2027-01-01')).toEqual([['TOO_MANY_DAYS', 'to']]);
    const tooMany = await walker.answer({
      method: 'GET',
      path: '/availability?from=2026-12-01&to=2027-01-01',
    });
    expect(tooMany.body).toEqual([
      {
        code: 'TOO_MANY_DAYS',
        level: 'ERROR',
        location: 'to',
        details: { maxDays: 31, message: 'One call covers at most 31 days; this one asks for 32.' },
      },
    ]);
    expect((await availabilityOf(walker, 'from=2026-12-01&to=2026-12-31')).days).toHaveLength(31);
    // Years before 100 are their own years: 0002 to 1902 is 1,900 years, not 31 days.
    expect(await refusal('from=0002-11-27&to=1902-12-27')).toEqual([['TOO_MANY_DAYS', 'to']]);
    expect(await refusal('from=2026-12-08&to=2026-12-07')).toEqual([['NOT_ACCEPTED_BY_RANGE', 'to']]);
    expect(await refusal('from=2026-02-30&to=2026-12-07')).toEqual([['CONVERSION_FAILED', 'from']]);
    expect(await refusal('to=2026-12-07')).toEqual([['MISSING_REQUIRED_ATTRIBUTE', 'from']]);
    expect(await refusal(`${WEEK}&startTime=9&endTime=17:00`)).toEqual([['CONVERSION_FAILED', 'startTime']]);
    expect(await refusal(`${WEEK}&startTime=09:00`)).toEqual([['MISSING_REQUIRED_ATTRIBUTE', 'endTime']]);
    expect(await refusal(`${WEEK}&startTime=17:00&endTime=09:00`)).toEqual([
      ['NOT_ACCEPTED_BY_RANGE', 'endTime'],
    ]);
    expect(await refusal(`${WEEK}&startTime=25:00&endTime=26:00`)).toEqual([
      ['CONVERSION_FAILED', 'startTime'],
      ['CONVERSION_FAILED', 'endTime'],
    ]);
  });

  it('answers a day in any year a date field can hold while it is typed, at once', async () => {
    // A year typed digit by digit passes through 0002, 0020, 0202 before 2026: the form asks for each.
    for (const year of ['0002', '0202', '1902', '9999']) {
      const started = Date.now();
      const answer = await availabilityOf(walker, `from=${year}-11-27&to=${year}-12-27`);
      expect(answer.days).toHaveLength(31);
      expect(Date.now() - started).toBeLessThan(5_000);
    }
  });

  it('takes no other user from the query and answers nobody anonymous', async () => {
    const asked = await availabilityOf(walker, `${WEEK}${HOURS}&user=${encodeURIComponent(OTHER)}&userId=1`);
    expect(asked.days[2]?.mine.waitlistPosition).toBe(2);
    expect(asked.days.flatMap((day) => day.mine.reservations)).toHaveLength(1);
    const anonymous = await server.url;
    const response = await fetch(`${anonymous}/api/availability?${WEEK}`);
    expect(response.status).toBe(401);
  });
});
