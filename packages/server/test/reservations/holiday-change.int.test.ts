import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { withId } from '../client.ts';
import { seedHoliday, workingDayAfter, worldOfFile } from '../world.ts';
import { type Entity, partiesOf, reserve } from './forms.ts';

const { server, user, quick } = await worldOfFile({ users: ['user', 'quick'] });
const day1 = await workingDayAfter(server, 1);
const day2 = await workingDayAfter(server, 2);
const day3 = await workingDayAfter(server, 3);
const day4 = await workingDayAfter(server, 4);
const MODIFY = '/services/Holiday/modifyHoliday';

/** The user's holidays as their holiday page reads them. */
const holidaysOf = (caller: typeof user) =>
  caller.json<Entity[]>('/services/HolidayPanel/holidays/~list', {});

const statusOf = async (id: string) =>
  (
    await sql<{
      status: string;
    }>`SELECT reservation_status AS status FROM reservations WHERE id = ${id}`.execute(server.db)
  ).rows[0]?.status;

describe('changing a holiday (Holiday.modifyHoliday)', () => {
  it('moves the dates and deletes the reservations on the days it now covers', async () => {
    await seedHoliday(server.db, { owner: 'user@parkhere.example', start: day1, end: day1 });
    const onDay2 = await reserve(user, 'A-110', day2, '09:00:00', '10:00:00');
    const onDay4 = await reserve(user, 'A-110', day4, '09:00:00', '10:00:00');
    const [holiday] = (await holidaysOf(user)).filter((row) => row.startDate === day1);
    const answer = await user.post(
      MODIFY,
      { startDate: day1, endDate: day2 },
      withId(String(holiday?.__signedIdentifier)),
    );
    expect(answer.status).toBe(200);
    expect((await holidaysOf(user)).map((row) => [row.startDate, row.endDate])).toContainEqual([day1, day2]);
    expect(await statusOf(onDay2.__identifier)).toBe('DELETED');
    expect(await statusOf(onDay4.__identifier)).toBe('ACTIVE');
  });

  it('refuses another user, a forged identifier, blank, reversed, past, huge and overlapping dates', async () => {
    await seedHoliday(server.db, { owner: 'user@parkhere.example', start: day4, end: day4 });
    const holidays = await holidaysOf(user);
    const signed = String(holidays.find((row) => row.startDate === day4)?.__signedIdentifier);
    const call = (body: unknown, id = signed, caller = user) => caller.post(MODIFY, body, withId(id));
    // Another user (not an administrator) is told nothing exists; a tampered identifier is not accepted.
    expect((await call({ startDate: day4, endDate: day4 }, signed, quick)).status).toBe(404);
    expect(
      (await call({ startDate: day4, endDate: day4 }, `${signed.slice(0, -2)}xx`)).status,
    ).toBeGreaterThanOrEqual(400);
    expect((await call({ startDate: '', endDate: day4 })).status).toBe(400);
    expect((await call({ startDate: `9${day4}`, endDate: day4 })).status).toBe(400);
    expect((await call({ startDate: day4, endDate: 'x'.repeat(100_000) })).status).toBeGreaterThanOrEqual(
      400,
    );
    expect((await call({ startDate: day4, endDate: day3 })).status).toBe(400);
    expect((await call({ startDate: '2020-01-01', endDate: day4 })).status).toBe(400);
    // The first test's holiday holds day1–day2.
    const overlap = await call({ startDate: day2, endDate: day4 });
    expect(overlap.status).toBe(400);
    expect(JSON.stringify(await overlap.json())).toContain('OVERLAPPING_HOLIDAY');
    // Nothing of it was stored.
    expect((await holidaysOf(user)).map((row) => [row.startDate, row.endDate])).toContainEqual([day4, day4]);
    expect((await holidaysOf(quick)).length).toBe(0);
  });
});

describe('a LONG series on the wire', () => {
  it('gives the days of one booking the same seriesId, and other reservations none', async () => {
    const parties = await partiesOf(user, 'A-111');
    const days = await user.json<Entity[]>('/services/UserReservationPanel/reservation', {
      reservationType: 'LONG',
      date: day3,
      endDate: day4,
      startTime: '15:00:00',
      endTime: '16:00:00',
      ...parties,
      // day4 is the user's holiday from the test above: booked knowingly (ON_HOLIDAY otherwise).
      confirmHoliday: true,
    });
    const single = await reserve(user, 'A-112', day3, '07:00:00', '08:00:00');
    const active = await user.json<Entity[]>('/services/UserReservationPanel/activeReservations/~list', {});
    const series = active.filter((row) => days.some((day) => day.__identifier === row.__identifier));
    expect(series.length).toBe(days.length);
    expect(new Set(series.map((row) => row.seriesId)).size).toBe(1);
    expect(series[0]?.seriesId).toMatch(/^[0-9a-f-]{36}$/);
    expect(active.find((row) => row.__identifier === single.__identifier)?.seriesId).toBeNull();
  });
});
