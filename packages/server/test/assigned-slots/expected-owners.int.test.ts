import type { CalendarFeedState } from '@parkhere/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { parseCalendar } from '../calendar/ical.ts';
import { withId } from '../client.ts';
import type { Entity } from '../reservations/forms.ts';
import { movableClock, seedHoliday, setLocale, worldOfFile } from '../world.ts';

/*
 * [Pools] The doorman sees an assigned slot's owner as expected on their days, and the owner's calendar feed has
 * those days (issue 29, part 4): the owner
 * needs no booking, so the arrivals list them apart (DoormanArrivals.expectedOwners), with their slot, their
 * car's plate and their working hours. A-110 of HQ Garage (the demo doorman's) is assigned to quick@. The
 * clock stands on Monday 2026-12-07 at 08:00 in Budapest; Saturday the 12th is no working day.
 */
const time = movableClock('2026-12-07T08:00:00+01:00');
const { server, admin, user, quick, doorman } = await worldOfFile({
  clock: time.clock,
  users: ['admin', 'user', 'quick', 'doorman'],
  jobs: { poll: false },
});
const db = server.db;
await sql`UPDATE parking_slots SET assigned_to_id = (SELECT id FROM users WHERE email = 'quick@parkhere.example')
  WHERE name = 'A-110'`.execute(db);
await sql`UPDATE cars SET is_favorite = false
  WHERE user_id = (SELECT id FROM users WHERE email = 'quick@parkhere.example')`.execute(db);
await sql`INSERT INTO cars (user_id, license_plate, is_favorite)
  SELECT id, 'ASG-110', true FROM users WHERE email = 'quick@parkhere.example'`.execute(db);

const MASK = '{date,expectedOwners{ownerName,ownerCarPlate,parkingSlotInformation,startTime,endTime}}';

const expectedBy = async (caller = doorman) =>
  (await caller.json<{ expectedOwners: Entity[] }>('/services/Actor/doormanArrivals/~get', { _mask: MASK }))
    .expectedOwners;

const A110 = expect.stringMatching(/^A-110 /);

describe('the doorman’s arrivals', () => {
  it('list the owner of an assigned slot in their garage as expected on a working day', async () => {
    const [owner, ...others] = await expectedBy();
    expect(others).toEqual([]);
    expect(owner).toMatchObject({
      ownerName: expect.any(String),
      ownerCarPlate: 'ASG-110',
      parkingSlotInformation: A110,
      startTime: expect.stringMatching(/^\d\d:\d\d:\d\d$/),
      endTime: expect.stringMatching(/^\d\d:\d\d:\d\d$/),
    });
    // Administrators see them too; the owner's slot reads the same by its identifier.
    expect(await expectedBy(admin)).toHaveLength(1);
    const seen = await doorman.post(
      '/services/ExpectedOwner/~get',
      {},
      withId(String(owner?.__signedIdentifier)),
    );
    expect(seen.status).toBe(200);
  });

  it('filter by their working hours as times', async () => {
    // A filter on startTime or endTime answered 500 (text = time) while the columns were text (found by the fuzz).
    const arrivals = await doorman.json<{ __signedIdentifier: string }>(
      '/services/Actor/doormanArrivals/~get',
      {},
    );
    const [owner] = await expectedBy();
    const filtered = async (attribute: 'startTime' | 'endTime', operator: string, value: string) =>
      doorman.json<Entity[]>(
        '/services/DoormanArrivals/expectedOwners/~list',
        { _mask: '{ownerCarPlate}', [attribute]: [{ operator, value }] },
        withId(arrivals.__signedIdentifier),
      );
    expect(await filtered('startTime', 'equal', String(owner?.startTime))).toMatchObject([
      { ownerCarPlate: 'ASG-110' },
    ]);
    expect(await filtered('endTime', 'greaterThan', String(owner?.endTime))).toEqual([]);
    expect(await filtered('endTime', 'equal', '00:00:00')).toEqual([]);
  });

  it('are not the business of anybody else (403)', async () => {
    expect((await user.post('/services/Actor/doormanArrivals/~get', {})).status).toBe(403);
    expect((await quick.post('/services/DoormanArrivals/expectedOwners/~list', {})).status).toBe(403);
  });

  it('leave the owner out on a day given back, on holiday and on a day off', async () => {
    await quick.json('/services/UserReservationPanel/releaseAssignedSlot', {
      startDate: '2026-12-07',
      endDate: '2026-12-07',
    });
    expect(await expectedBy()).toEqual([]);
    await quick.json('/services/UserReservationPanel/takeBackAssignedSlot', {
      startDate: '2026-12-07',
      endDate: '2026-12-07',
    });
    expect(await expectedBy()).toHaveLength(1);

    time.set('2026-12-08T08:00:00+01:00');
    const holiday = await seedHoliday(db, {
      owner: 'quick@parkhere.example',
      start: '2026-12-08',
      end: '2026-12-08',
    });
    expect(await expectedBy()).toEqual([]);
    await sql`DELETE FROM holidays WHERE id = ${holiday}::bigint`.execute(db);
    expect(await expectedBy()).toHaveLength(1);

    time.set('2026-12-12T08:00:00+01:00');
    expect(await expectedBy()).toEqual([]);
    // A Saturday made a working day is one.
    await sql`INSERT INTO additional_days (day, type_of_day) VALUES ('2026-12-12', 'WORK')`.execute(db);
    expect(await expectedBy()).toHaveLength(1);
    time.set('2026-12-07T08:00:00+01:00');
  });

  it('leave out an owner no longer active, and a slot assigned to nobody', async () => {
    await sql`UPDATE users SET is_active = false WHERE email = 'quick@parkhere.example'`.execute(db);
    expect(await expectedBy()).toEqual([]);
    await sql`UPDATE users SET is_active = true WHERE email = 'quick@parkhere.example'`.execute(db);
    expect(await expectedBy()).toHaveLength(1);
    await sql`UPDATE parking_slots SET assigned_to_id = NULL WHERE name = 'A-110'`.execute(db);
    expect(await expectedBy()).toEqual([]);
  });
});

/*
 * The owner's calendar feed has their days: each working day they come, over their working hours (else the
 * configured ones), from today; a day given back leaves it, taken back it returns under the same UID.
 */
describe('the owner’s calendar feed', () => {
  it('has each working day they come to their slot, and not a day given back', async () => {
    time.set('2026-12-07T08:00:00+01:00');
    await sql`UPDATE parking_slots SET assigned_to_id = (SELECT id FROM users WHERE email = 'quick@parkhere.example')
      WHERE name = 'A-110'`.execute(db);
    await setLocale(db, 'quick@parkhere.example', 'en-US');
    await sql`UPDATE users SET start_of_working_time = '08:30', end_of_working_time = '17:00'
      WHERE email = 'quick@parkhere.example'`.execute(db);
    const { url } = await quick.json<CalendarFeedState>('/calendar-feed');
    const assignedDays = async () =>
      parseCalendar(await (await fetch(url ?? '')).text()).events.filter((event) =>
        event.uid.startsWith('assigned-slot-'),
      );
    const days = await assignedDays();
    // Twenty working days from Monday the 7th: Sunday the 13th is none, Saturday the 12th is one (made so above).
    expect(days).toHaveLength(20);
    const [monday, tuesday] = days;
    expect(monday).toMatchObject({
      status: 'CONFIRMED',
      summary: expect.stringMatching(/^Your parking slot: A-110 /),
      location: A110,
      startZone: 'Europe/Budapest',
      startLocal: '2026-12-07T08:30:00',
      endLocal: '2026-12-07T17:00:00',
    });
    expect(tuesday?.startLocal).toBe('2026-12-08T08:30:00');
    const dates = days.map((day) => day.startLocal.slice(0, 10));
    expect(dates).toContain('2026-12-12');
    expect(dates).not.toContain('2026-12-13');

    await quick.json('/services/UserReservationPanel/releaseAssignedSlot', {
      startDate: '2026-12-08',
      endDate: '2026-12-08',
    });
    const given = await assignedDays();
    expect(given.map((day) => day.uid)).not.toContain(tuesday?.uid);
    expect(given).toHaveLength(19);
    await quick.json('/services/UserReservationPanel/takeBackAssignedSlot', {
      startDate: '2026-12-08',
      endDate: '2026-12-08',
    });
    expect((await assignedDays()).map((day) => day.uid)).toContain(tuesday?.uid);
    // Nobody else's feed has them.
    const other = await user.json<CalendarFeedState>('/calendar-feed');
    const theirs = parseCalendar(await (await fetch(other.url ?? '')).text()).events;
    expect(theirs.filter((event) => event.uid.startsWith('assigned-slot-'))).toEqual([]);
  });
});
