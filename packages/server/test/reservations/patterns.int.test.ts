import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { invitationOf } from '../calendar/ical.ts';
import { readMails, recipientsOf, runAllJobs } from '../jobs/inspect.ts';
import {
  movableClock,
  seedHoliday,
  seedReservation,
  setLocale,
  useDefaultTemplates,
  userIdOf,
  worldOfFile,
} from '../world.ts';
import { type Entity, overlappingRows, partiesOf } from './forms.ts';

/*
 * Weekly patterns (issue 32 item 2): UserReservationPanel.repeatReservation books each matching working day on
 * its own, under every rule of a single create, and answers the days made (one series), the days requested of a
 * draw and the days skipped with the code a single create of that day answers.
 */

// Monday 2026-12-14 08:00 in Budapest: the default horizon (14 days) ends on Monday 2026-12-28. Thursday
// 2026-12-24 and Saturday 2026-12-26 are public holidays; Saturday 2026-12-19 is made a working day below.
const time = movableClock('2026-12-14T08:00:00+01:00');
const { server, user, admin, quick } = await worldOfFile({
  clock: time.clock,
  jobs: { poll: false, retryBaseMs: 0 },
  users: ['user', 'admin', 'quick'],
});
const db = server.db;
const REPEAT = '/services/UserReservationPanel/repeatReservation';
const ADMIN_REPEAT = '/services/ReservationsPanel/repeatReservation';
const USER = 'user@parkhere.example';

type Answer = {
  reservations: Entity[];
  drawRequests: Entity[];
  skippedDays: { date: string; code: string }[];
};
type Item = { code: string; location: string; details?: Record<string, unknown> };

await sql`DELETE FROM additional_days WHERE day BETWEEN '2026-12-14' AND '2027-01-31'`.execute(db);
await sql`INSERT INTO additional_days (day, type_of_day) VALUES ('2026-12-19', 'WORK')`.execute(db);

const pattern = async (slot: string, repeat: Record<string, unknown>, type = 'NORMAL') => ({
  reservationType: type,
  startTime: '09:00:00',
  endTime: '17:00:00',
  ...(await partiesOf(user, slot)),
  ...repeat,
});

const reservationCount = async () =>
  Number((await sql<{ n: string }>`SELECT count(*) AS n FROM reservations`.execute(db)).rows[0]?.n);

beforeEach(async () => {
  await sql`DELETE FROM reservations`.execute(db);
  await sql`DELETE FROM holidays`.execute(db);
  await sql`DELETE FROM jobs`.execute(db);
  await sql`UPDATE users SET max_normal_reservation = 5 WHERE email = ${USER}`.execute(db);
});

describe('a weekly pattern', () => {
  it('books the matching working days as one series, skipping a public holiday and an own holiday', async () => {
    await setLocale(db, USER, 'en-US');
    await useDefaultTemplates(db);
    await seedHoliday(db, { owner: USER, start: '2026-12-22', end: '2026-12-22' });
    const answer = await user.json<Answer>(
      REPEAT,
      await pattern('A-115', { date: '2026-12-15', repeatWeekdays: 'TU,TH,SA', repeatUntil: '2026-12-26' }),
    );
    // Saturday 19 is an additional working day; 24 and 26 are public holidays; 22 is the owner's holiday.
    expect(answer.reservations.map((day) => day.date)).toEqual(['2026-12-15', '2026-12-17', '2026-12-19']);
    expect(answer.skippedDays).toEqual([
      { date: '2026-12-22', code: 'ON_HOLIDAY' },
      { date: '2026-12-24', code: 'NOT_A_WORKING_DAY' },
      { date: '2026-12-26', code: 'NOT_A_WORKING_DAY' },
    ]);
    expect(answer.drawRequests).toEqual([]);
    const series = new Set(answer.reservations.map((day) => day.seriesId));
    expect(series.size).toBe(1);
    expect([...series][0]).toEqual(expect.any(String));
    expect(answer.reservations.every((day) => day.reservationType === 'NORMAL')).toBe(true);
    // One confirmation naming every day, with one invitation carrying every day.
    await runAllJobs(server);
    const confirmations = (await readMails(server.config.dataDir)).filter(
      (mail) =>
        recipientsOf(mail).includes(USER) && mail.subject?.startsWith('Parking reservation confirmed'),
    );
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]?.html).toContain('Tue, 15 Dec 2026, Thu, 17 Dec 2026, Sat, 19 Dec 2026');
    const days = answer.reservations.map((day) => day.__identifier);
    expect(invitationOf(confirmations[0]).events.map((event) => event.uid)).toEqual(
      days.map((id) => `reservation-${id}@${new URL(server.url).hostname}`),
    );
  });

  it('books the owner’s holiday too when it is confirmed', async () => {
    await seedHoliday(db, { owner: USER, start: '2026-12-22', end: '2026-12-22' });
    const answer = await user.json<Answer>(
      REPEAT,
      await pattern('A-115', {
        date: '2026-12-21',
        repeatWeekdays: 'TU',
        repeatUntil: '2026-12-28',
        confirmHoliday: true,
      }),
    );
    expect(answer.reservations.map((day) => day.date)).toEqual(['2026-12-22']);
    expect(answer.skippedDays).toEqual([]);
  });

  it('skips a full day (the slot taken) and the days beyond the quota, each with its code', async () => {
    await seedReservation(db, {
      owner: 'admin@parkhere.example',
      slot: 'A-116',
      date: '2026-12-16',
      start: '08:00',
      end: '18:00',
    });
    await sql`UPDATE users SET max_normal_reservation = 3 WHERE email = ${USER}`.execute(db);
    const answer = await user.json<Answer>(
      REPEAT,
      await pattern('A-116', {
        date: '2026-12-15',
        repeatWeekdays: 'MO,TU,WE,TH,FR',
        repeatUntil: '2026-12-22',
      }),
    );
    expect(answer.reservations.map((day) => day.date)).toEqual(['2026-12-15', '2026-12-17', '2026-12-18']);
    expect(answer.skippedDays).toEqual([
      { date: '2026-12-16', code: 'SLOT_ALREADY_RESERVED' },
      { date: '2026-12-21', code: 'TOO_MANY_RESERVATION' },
      { date: '2026-12-22', code: 'TOO_MANY_RESERVATION' },
    ]);
    expect(await overlappingRows(server)).toBe(0);
  });

  it('lets the exclusion constraint decide a race: each day is one pattern’s, the other skips it', async () => {
    const userId = await userIdOf(server, USER);
    await sql`UPDATE users SET max_normal_reservation = 10 WHERE id = ${userId}`.execute(db);
    const mine = await pattern('A-117', {
      date: '2026-12-15',
      repeatWeekdays: 'TU,WE,TH',
      repeatUntil: '2026-12-24',
    });
    const theirs = {
      ...mine,
      ...(await partiesOf(admin, 'A-117', 'admin@parkhere.example')),
    };
    const [a, b] = await Promise.all([admin.post(ADMIN_REPEAT, theirs), user.post(REPEAT, mine)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const answers = [(await a.json()) as Answer, (await b.json()) as Answer];
    const made = answers.flatMap((answer) => answer.reservations.map((day) => day.date)).sort();
    const skipped = answers.flatMap((answer) => answer.skippedDays);
    // Tue 15, Wed 16, Thu 17, Tue 22, Wed 23 are working days (24 is a public holiday, skipped by both).
    expect(made).toEqual(['2026-12-15', '2026-12-16', '2026-12-17', '2026-12-22', '2026-12-23']);
    expect(skipped.filter((day) => day.code !== 'NOT_A_WORKING_DAY').map((day) => day.code)).toEqual(
      Array(5).fill('SLOT_ALREADY_RESERVED'),
    );
    expect(await overlappingRows(server)).toBe(0);
  });

  it('requests the days in its garage’s draw, as a single NORMAL on such a day is requested', async () => {
    await sql`UPDATE parking_garages SET draw_enabled = (name = 'HQ Garage')`.execute(db);
    try {
      // HQ Garage draws each day at 14:00 two working days before: Wednesday 16's cut-off is this afternoon,
      // Tuesday 15's has passed (no draw pending: booked directly, as a single create books it).
      const answer = await user.json<Answer>(
        REPEAT,
        await pattern('A-119', { date: '2026-12-15', repeatWeekdays: 'TU,WE,TH', repeatUntil: '2026-12-17' }),
      );
      expect(answer.drawRequests.map((request) => request.date)).toEqual(['2026-12-16', '2026-12-17']);
      expect(answer.reservations.map((day) => day.date)).toEqual(['2026-12-15']);
      expect(answer.skippedDays).toEqual([]);
    } finally {
      await sql`UPDATE parking_garages SET draw_enabled = false`.execute(db);
      await sql`DELETE FROM draw_requests`.execute(db);
    }
  });

  it('lets administrators repeat a GUEST reservation for a user', async () => {
    const own = await partiesOf(admin, 'A-118', USER);
    const answer = await admin.json<Answer>(ADMIN_REPEAT, {
      reservationType: 'GUEST',
      date: '2026-12-15',
      startTime: '09:00:00',
      endTime: '12:00:00',
      user: own.user,
      parkingSlot: own.parkingSlot,
      guestName: 'Gerda Guest',
      guestEmail: 'gerda@guest.example',
      guestLicensePlate: 'GST-032',
      repeatWeekdays: 'TU',
      repeatUntil: '2026-12-29',
    });
    expect(answer.reservations.map((day) => `${day.date} ${day.reservationType}`)).toEqual([
      '2026-12-15 GUEST',
      '2026-12-22 GUEST',
      '2026-12-29 GUEST',
    ]);
  });
});

describe('a weekly pattern refused as a whole', () => {
  const refusedAt = async (caller: typeof user, path: string, body: Record<string, unknown>) => {
    const before = await reservationCount();
    const refused = await caller.post(path, body);
    expect(await reservationCount()).toBe(before);
    return { status: refused.status, body: (await refused.json()) as Item[] | { code: string } };
  };
  const itemsOf = (answer: { body: Item[] | { code: string } }) =>
    Array.isArray(answer.body)
      ? answer.body.map((item) => `${item.location}:${item.code}`)
      : answer.body.code;

  it('refuses weekdays that are empty, unknown or named twice', async () => {
    for (const [weekdays, code] of [
      ['', 'MISSING_REQUIRED_ATTRIBUTE'],
      [' , ', 'MISSING_REQUIRED_ATTRIBUTE'],
      ['TU,XX', 'UNKNOWN_WEEKDAY'],
      ['TU,tu', 'DUPLICATE_WEEKDAY'],
    ] as const) {
      const answer = await refusedAt(
        user,
        REPEAT,
        await pattern('A-115', { date: '2026-12-15', repeatWeekdays: weekdays, repeatUntil: '2026-12-22' }),
      );
      expect(answer.status).toBe(400);
      expect(itemsOf(answer)).toEqual([`repeatWeekdays:${code}`]);
    }
  });

  it('refuses an end missing, before the date or beyond the horizon', async () => {
    const cases = [
      [{ repeatUntil: undefined }, ['repeatUntil:MISSING_REQUIRED_ATTRIBUTE']],
      [{ repeatUntil: '2026-12-14' }, ['repeatUntil:END_DATE_BEFORE_DATE']],
      [{ repeatUntil: '2026-12-29' }, ['repeatUntil:DATE_TOO_FAR_AHEAD']],
    ] as const;
    for (const [repeat, items] of cases) {
      const answer = await refusedAt(
        user,
        REPEAT,
        await pattern('A-115', { date: '2026-12-15', repeatWeekdays: 'TU', ...repeat }),
      );
      expect(answer.status).toBe(400);
      expect(itemsOf(answer)).toEqual(items);
    }
    // Administrators have no horizon: a pattern is bounded as a series is.
    const far = await refusedAt(
      admin,
      ADMIN_REPEAT,
      await pattern('A-115', { date: '2026-12-15', repeatWeekdays: 'TU', repeatUntil: '2028-01-01' }),
    );
    expect(itemsOf(far)).toEqual(['repeatUntil:SERIES_TOO_LONG']);
  });

  it('refuses LONG and QUICK with repeat fields, GUEST for a user, and repeat fields on a single create', async () => {
    const repeat = { date: '2026-12-15', repeatWeekdays: 'TU', repeatUntil: '2026-12-22' };
    for (const type of ['LONG', 'QUICK', 'GUEST']) {
      const answer = await refusedAt(user, REPEAT, {
        ...(await pattern('A-115', repeat, type)),
        endDate: '2026-12-22',
        guestName: 'Gerda Guest',
        guestLicensePlate: 'GST-032',
      });
      expect(answer.status).toBe(400);
      expect(itemsOf(answer)).toEqual(['repeatWeekdays:REPEAT_NOT_ALLOWED']);
    }
    const single = await refusedAt(
      user,
      '/services/UserReservationPanel/reservation',
      await pattern('A-115', repeat),
    );
    expect(single.status).toBe(400);
    expect(itemsOf(single)).toEqual(['repeatWeekdays:REPEAT_NOT_ALLOWED']);
    // A user without guest rights (quick reservations only) is refused GUEST before the pattern is read.
    const own = await partiesOf(quick, 'A-115');
    const guest = await refusedAt(quick, REPEAT, {
      reservationType: 'GUEST',
      startTime: '13:00:00',
      endTime: '14:00:00',
      ...own,
      guestName: 'Gerda Guest',
      guestLicensePlate: 'GST-032',
      ...repeat,
    });
    expect(guest.status).toBe(400);
    expect(itemsOf(guest)).toEqual(['repeatWeekdays:REPEAT_NOT_ALLOWED']);
    // Nor may they repeat what they may not book at all: the single create's refusal, for the whole pattern.
    const normal = await refusedAt(quick, REPEAT, {
      reservationType: 'NORMAL',
      startTime: '13:00:00',
      endTime: '14:00:00',
      ...own,
      ...repeat,
    });
    expect(normal.status).toBeGreaterThanOrEqual(400);
    expect(normal.status).toBeLessThan(500);
  });

  it('refuses users on the administrators’ panel', async () => {
    const answer = await user.post(
      ADMIN_REPEAT,
      await pattern('A-115', { date: '2026-12-15', repeatWeekdays: 'TU', repeatUntil: '2026-12-22' }),
    );
    expect(answer.status).toBe(403);
  });
});
