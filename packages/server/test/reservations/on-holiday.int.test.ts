import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { workingDayAfter, worldOfFile } from '../world.ts';
import { type Entity, partiesOf } from './forms.ts';

/*
 * A reservation on a day its owner has a holiday is refused (422 ON_HOLIDAY, naming the holiday) unless the
 * request says `confirmHoliday: true`: the form's "Book it anyway". Only the owner's holidays count.
 */

const RESERVE = '/services/UserReservationPanel/reservation';
const ADMIN_RESERVE = '/services/ReservationsPanel/reservation';

const { server, admin, user } = await worldOfFile({ users: ['admin', 'user', 'quick'] });
const [day1, day2, day3, day4, day5, day6] = (await Promise.all(
  [1, 2, 3, 4, 5, 6].map((n) => workingDayAfter(server, n)),
)) as [string, string, string, string, string, string];

const holiday = async (email: string, start: string, end: string) =>
  sql`INSERT INTO holidays (user_id, start_date, end_date)
    SELECT id, ${start}::date, ${end}::date FROM users WHERE email = ${email}`.execute(server.db);

const reservationsOn = async (email: string, date: string): Promise<number> => {
  const found = await sql<{ count: string }>`SELECT count(*)::text AS count FROM reservations r
    JOIN users u ON u.id = r.owner_id WHERE u.email = ${email} AND r.date = ${date}::date
    AND r.reservation_status = 'ACTIVE'`.execute(server.db);
  return Number(found.rows[0]?.count ?? 0);
};

const body = async (caller: typeof user, slot: string, email: string, extra: Record<string, unknown>) => {
  const parties = await partiesOf(caller, slot, email);
  return { reservationType: 'NORMAL', startTime: '09:00:00', endTime: '10:00:00', ...parties, ...extra };
};

await holiday('user@parkhere.example', day2, day2);
await holiday('quick@parkhere.example', day4, day4);
await holiday('admin@parkhere.example', day5, day5);

describe('a reservation on the owner’s holiday', () => {
  it('is 422 ON_HOLIDAY naming the holiday and writes nothing; confirmed, it is made', async () => {
    const request = await body(user, 'A-108', 'user@parkhere.example', { date: day2 });
    const refused = await user.post(RESERVE, request);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({
      code: 'ON_HOLIDAY',
      details: { startDate: day2, endDate: day2 },
    });
    expect(await reservationsOn('user@parkhere.example', day2)).toBe(0);

    const unconfirmed = await user.post(RESERVE, { ...request, confirmHoliday: false });
    expect(unconfirmed.status).toBe(422);

    const created = await user.json<Entity[]>(RESERVE, { ...request, confirmHoliday: true });
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ date: day2, reservationStatus: 'ACTIVE' });
  });

  it('refuses a LONG series with one of its days in a holiday, all of it; confirmed, every day is made', async () => {
    const request = await body(user, 'A-109', 'user@parkhere.example', {
      reservationType: 'LONG',
      date: day1,
      endDate: day3,
      startTime: '12:00:00',
      endTime: '13:00:00',
    });
    const refused = await user.post(RESERVE, request);
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { code: string }).code).toBe('ON_HOLIDAY');
    expect(await reservationsOn('user@parkhere.example', day1)).toBe(0);

    const created = await user.json<Entity[]>(RESERVE, { ...request, confirmHoliday: true });
    expect(created.map((row) => row.date)).toEqual([day1, day2, day3]);
  });

  it('is not held back by another user’s holiday, nor by the booking administrator’s own', async () => {
    // quick is away on day4, the administrator on day5: neither is user's day off.
    const own = await user.json<Entity[]>(
      RESERVE,
      await body(user, 'A-103', 'user@parkhere.example', { date: day4 }),
    );
    expect(own).toHaveLength(1);
    const forUser = await admin.json<Entity[]>(
      ADMIN_RESERVE,
      await body(admin, 'A-104', 'user@parkhere.example', { date: day5 }),
    );
    expect(forUser).toHaveLength(1);
  });

  it('holds for an administrator booking for a user on holiday too, until they confirm', async () => {
    const request = await body(admin, 'A-106', 'quick@parkhere.example', {
      reservationType: 'QUICK',
      date: day4,
      startTime: '14:00:00',
      endTime: '15:00:00',
    });
    const refused = await admin.post(ADMIN_RESERVE, request);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ code: 'ON_HOLIDAY', details: { startDate: day4 } });
    expect(await reservationsOn('quick@parkhere.example', day4)).toBe(0);

    const created = await admin.json<Entity[]>(ADMIN_RESERVE, { ...request, confirmHoliday: true });
    expect(created).toHaveLength(1);
  });

  it('refuses a confirmation that is not a yes-or-no, writing nothing', async () => {
    const before = await reservationsOn('user@parkhere.example', day2);
    const request = await body(user, 'A-107', 'user@parkhere.example', { date: day2, startTime: '15:00:00' });
    const forged = await user.post(RESERVE, { ...request, endTime: '16:00:00', confirmHoliday: 'yes' });
    expect(forged.status).toBe(400);
    expect(await reservationsOn('user@parkhere.example', day2)).toBe(before);
  });
});

describe('the ReservationInput template', () => {
  it('tells the form the additional days from today on and whom to ask for access', async () => {
    await sql`INSERT INTO additional_days (day, type_of_day) VALUES (${day6}::date, 'HOLIDAY'),
      ('2000-01-01'::date, 'HOLIDAY')`.execute(server.db);
    const template = (await (await user.get('/services/ReservationInput/~template')).json()) as {
      additionalDays: string;
      contactEmail: string | null;
    };
    expect(template.additionalDays).toContain(`${day6} HOLIDAY`);
    expect(template.additionalDays).not.toContain('2000-01-01');
    expect(template.contactEmail).toBe('facilities@parkhere.example');
  });
});
