import { describe, expect, it } from 'vitest';
import { seedDrawRequest, seedHoliday, seedReservation, seedWaitlistEntry, userIdOf } from '../world.ts';
import { usersWorldOfFile } from './users-table.ts';

/*
 * A user's own data (issue 27, item 5): `GET /api/personal-data` answers everything ParkHere holds about the
 * signed-in caller, as a JSON attachment, each module's part: never another user's data, never the calendar
 * feed's address (its credential). The app's clock is a Wednesday morning in Budapest.
 */
const { server, user, quick, anonymous } = await usersWorldOfFile(['user', 'quick']);
const db = server.db;
const USER = 'user@parkhere.example';
const QUICK = 'quick@parkhere.example';

const own = await seedReservation(db, {
  owner: USER,
  slot: 'A-103',
  date: '2026-03-05',
  start: '09:00',
  end: '10:00',
  type: 'GUEST',
  guest: { name: 'Greta Guest', email: 'greta@guest.example', licensePlate: 'GRT 001' },
});
const quicks = await seedReservation(db, {
  owner: QUICK,
  slot: 'A-104',
  date: '2026-03-05',
  start: '09:00',
  end: '10:00',
});
const holiday = await seedHoliday(db, { owner: USER, start: '2026-03-16', end: '2026-03-20' });
const place = await seedWaitlistEntry(db, { owner: USER, date: '2026-03-06', start: '09:00', end: '10:00' });
const request = await seedDrawRequest(db, {
  owner: USER,
  garage: 'HQ Garage',
  date: '2026-03-09',
  start: '09:00',
  end: '10:00',
});
const feed = (await user.answer({ method: 'POST', path: '/calendar-feed' })).body as { url: string };

type Export = {
  profile: Record<string, unknown>;
  cars: { userId: string }[];
  reservations: { id: string; guestEmail: string | null; parkingSlotName: string }[];
  holidays: { id: string }[];
  waitlistEntries: { id: string }[];
  drawRequests: { id: string }[];
  calendarFeed: { enabled: boolean };
};

describe('GET /api/personal-data', () => {
  it("answers the caller's profile, cars, reservations, holidays, waitlist, draw and feed state as an attachment", async () => {
    const answer = await user.answer({ method: 'GET', path: '/personal-data' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.json"$/);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    const data = answer.body as Export;
    const userId = await userIdOf(server, USER);
    expect(data.profile).toMatchObject({ email: USER });
    expect(String(data.profile.id)).toBe(userId);
    expect(data.cars.length).toBeGreaterThan(0);
    expect(data.cars.every((car) => String(car.userId) === userId)).toBe(true);
    expect(data.reservations.map((row) => String(row.id))).toEqual([own]);
    expect(data.reservations[0]).toMatchObject({
      guestEmail: 'greta@guest.example',
      parkingSlotName: 'A-103',
    });
    expect(data.holidays.map((row) => String(row.id))).toEqual([holiday]);
    expect(data.waitlistEntries.map((row) => String(row.id))).toEqual([place]);
    expect(data.drawRequests.map((row) => String(row.id))).toEqual([request]);
    expect(data.calendarFeed).toMatchObject({ enabled: true });
  });

  it('writes a date as the day it is (YYYY-MM-DD), not as an instant at midnight', async () => {
    const data = (await user.answer({ method: 'GET', path: '/personal-data' })).body as Export;
    expect(data.reservations[0]).toMatchObject({ date: '2026-03-05', startTime: '09:00:00' });
    expect(data.holidays[0]).toMatchObject({ startDate: '2026-03-16', endDate: '2026-03-20' });
    expect(data.waitlistEntries[0]).toMatchObject({ date: '2026-03-06' });
    expect(data.drawRequests[0]).toMatchObject({ date: '2026-03-09' });
    // What the server's pg would have made of a date: an instant at its midnight (UTC here).
    expect(JSON.stringify(data)).not.toMatch(/T00:00:00(\.000)?Z/);
  });

  it("holds nothing of another user's and never the feed's secret address", async () => {
    const data = (await user.answer({ method: 'GET', path: '/personal-data' })).body as Export;
    const text = JSON.stringify(data);
    expect(text).not.toContain(QUICK);
    expect(data.reservations.map((row) => String(row.id))).not.toContain(quicks);
    const token = /\/calendar\/([^/]+)\.ics$/.exec(feed.url)?.[1] ?? 'no token';
    expect(token).not.toBe('no token');
    expect(text).not.toContain(token);
    const quicksOwn = (await quick.answer({ method: 'GET', path: '/personal-data' })).body as Export;
    expect(quicksOwn.profile).toMatchObject({ email: QUICK });
    expect(quicksOwn.reservations.map((row) => String(row.id))).toEqual([quicks]);
  });

  it('is refused without sign-in', async () => {
    expect((await anonymous.answer({ method: 'GET', path: '/personal-data' })).status).toBe(401);
  });
});
