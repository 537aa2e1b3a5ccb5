import { addDays, type CalendarFeedState, wallClockAt } from '@parkhere/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { requestsAs, withId } from '../client.ts';
import { type Entity, reserve } from '../reservations/forms.ts';
import { seedReservation, setLocale, userIdOf, workingDayAfter, worldOfFile } from '../world.ts';
import { type ParsedEvent, parseCalendar } from './ical.ts';

const ZONE = 'Europe/Budapest';
const USER = 'user@parkhere.example';
const FEED = '/calendar-feed';

const { server, user, quick, anonymous } = await worldOfFile({ users: ['user', 'quick'] });
await setLocale(server.db, USER, 'en-US');
const host = new URL(server.url).hostname;
const uidOf = (id: string) => `reservation-${id}@${host}`;

/** The feed's address as its owner's settings give it. */
const turnOn = (caller: typeof user) => caller.json<CalendarFeedState>(FEED);

/** GETs a feed address like a calendar client: no sign-in. */
const fetchFeed = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers });

const eventsOf = async (url: string): Promise<ParsedEvent[]> => {
  const answer = await fetchFeed(url);
  expect(answer.status).toBe(200);
  return parseCalendar(await answer.text()).events;
};

const eventOf = async (url: string, id: string): Promise<ParsedEvent | undefined> =>
  (await eventsOf(url)).find((event) => event.uid === uidOf(id));

describe('the personal calendar feed', () => {
  it('is off until turned on; turning on gives an address that serves text/calendar without sign-in', async () => {
    expect((await user.answer({ method: 'GET', path: FEED })).body).toEqual({ enabled: false, url: null });
    const first = await turnOn(user);
    expect(first).toEqual({ enabled: true, url: expect.any(String) });
    expect((await user.answer({ method: 'GET', path: FEED })).body).toEqual(first);
    // Turning it on again keeps the address: a second device subscribes to the same one.
    const state = await turnOn(user);
    expect(state.url).toBe(first.url);
    const url = state.url ?? '';
    expect(url).toMatch(new RegExp(`^${server.url}/ParkHere/calendar/[^/]+\\.ics$`));
    const answer = await fetchFeed(url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(answer.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const parsed = parseCalendar(await answer.text());
    expect(parsed.method).toBeNull();
    expect(parsed.events).toEqual([]);
  });

  it('shows a reservation with its UID, SEQUENCE, zone, slot and garage; a change raises SEQUENCE, a deletion cancels', async () => {
    const url = (await turnOn(user)).url ?? '';
    const day = await workingDayAfter(server, 2);
    const created = await reserve(user, 'A-120', day, '09:00:00', '10:00:00');
    const fresh = await eventOf(url, created.__identifier);
    expect(fresh).toMatchObject({
      uid: uidOf(created.__identifier),
      sequence: 0,
      status: 'CONFIRMED',
      summary: 'Parking: A-120 (HQ Garage)',
      location: 'HQ Garage, A-120',
      startZone: ZONE,
      endZone: ZONE,
      startLocal: `${day}T09:00:00`,
      endLocal: `${day}T10:00:00`,
      start: new Date(`${day}T09:00:00${offsetOf(day)}`).toISOString(),
    });
    expect(fresh?.description).toBe('Type: Normal\nLicense plate: ABC-123');

    const moved = await user.json<Entity>(
      '/services/UserReservation/modificateReservation',
      { startTime: '11:00:00', endTime: '12:30:00' },
      withId(created.__signedIdentifier),
    );
    expect(await eventOf(url, created.__identifier)).toMatchObject({
      sequence: 1,
      status: 'CONFIRMED',
      startLocal: `${day}T11:00:00`,
      endLocal: `${day}T12:30:00`,
    });

    const deleted = await user.post(
      '/services/UserReservation/deleteReservation',
      undefined,
      withId(moved.__signedIdentifier),
    );
    expect(deleted.status).toBe(200);
    expect(await eventOf(url, created.__identifier)).toMatchObject({
      sequence: 2,
      status: 'CANCELLED',
      startLocal: `${day}T11:00:00`,
      endLocal: `${day}T12:30:00`,
    });
  });

  it('keeps the booked wall clock on the days the clocks change, and the instants move by an hour', async () => {
    const url = (await turnOn(user)).url ?? '';
    // Budapest 2027: summer time from Sunday 28 March 02:00, winter time from Sunday 31 October 03:00.
    const days = ['2027-03-27', '2027-03-28', '2027-10-30', '2027-10-31'];
    const ids: string[] = [];
    for (const date of days) {
      ids.push(
        await seedReservation(server.db, { owner: USER, slot: 'A-111', date, start: '08:00', end: '17:00' }),
      );
    }
    const answer = await fetchFeed(url);
    const { events, timeZones } = parseCalendar(await answer.text());
    // One VTIMEZONE, the configured zone's, which the parser computed the instants below with.
    expect(timeZones).toEqual([ZONE]);
    const shown = ids.map((id) => events.find((event) => event.uid === uidOf(id)));
    expect(shown.map((event) => [event?.startLocal, event?.endLocal, event?.start, event?.end])).toEqual([
      ['2027-03-27T08:00:00', '2027-03-27T17:00:00', '2027-03-27T07:00:00.000Z', '2027-03-27T16:00:00.000Z'],
      ['2027-03-28T08:00:00', '2027-03-28T17:00:00', '2027-03-28T06:00:00.000Z', '2027-03-28T15:00:00.000Z'],
      ['2027-10-30T08:00:00', '2027-10-30T17:00:00', '2027-10-30T06:00:00.000Z', '2027-10-30T15:00:00.000Z'],
      ['2027-10-31T08:00:00', '2027-10-31T17:00:00', '2027-10-31T07:00:00.000Z', '2027-10-31T16:00:00.000Z'],
    ]);
    expect(shown.every((event) => event?.startZone === ZONE && event.endZone === ZONE)).toBe(true);
  });

  it('reaches 30 days back and no further', async () => {
    const url = (await turnOn(user)).url ?? '';
    const today = wallClockAt(new Date(), ZONE).date;
    const [inside = '', outside = ''] = await Promise.all(
      [-30, -31].map((days) =>
        seedReservation(server.db, {
          owner: USER,
          slot: 'A-112',
          date: addDays(today, days),
          start: '08:00',
          end: '09:00',
        }),
      ),
    );
    const uids = (await eventsOf(url)).map((event) => event.uid);
    expect(uids).toContain(uidOf(inside));
    expect(uids).not.toContain(uidOf(outside));
  });

  it('tells the check-in state: the window, the check-in (SEQUENCE up), a release (CANCELLED)', async () => {
    const url = (await turnOn(user)).url ?? '';
    await sql`UPDATE parking_garages SET check_in_required = true, check_in_early_minutes = 15,
      check_in_grace_minutes = 30 WHERE name = 'HQ Garage'`.execute(server.db);
    try {
      const waiting = await seedReservation(server.db, {
        owner: USER,
        slot: 'A-113',
        date: '2027-02-02',
        start: '09:00',
        end: '17:00',
      });
      expect(await eventOf(url, waiting)).toMatchObject({
        sequence: 0,
        status: 'CONFIRMED',
        description: 'Type: Normal\nLicense plate: ABC-123\nCheck in between 08:45 and 09:30',
      });
      await sql`UPDATE reservations SET checked_in_at = '2027-02-02T08:02:00Z', checked_in_by = 'user'
        WHERE id = ${waiting}`.execute(server.db);
      expect(await eventOf(url, waiting)).toMatchObject({
        sequence: 1,
        status: 'CONFIRMED',
        description: 'Type: Normal\nLicense plate: ABC-123\nChecked in at 09:02',
      });
      const released = await seedReservation(server.db, {
        owner: USER,
        slot: 'A-113',
        date: '2027-02-03',
        start: '09:00',
        end: '17:00',
      });
      // As the release job stores it (storeNoShows): NO_SHOW, one version up.
      await sql`UPDATE reservations SET reservation_status = 'NO_SHOW', version = version + 1
        WHERE id = ${released}`.execute(server.db);
      expect(await eventOf(url, released)).toMatchObject({
        sequence: 1,
        status: 'CANCELLED',
        description: 'Type: Normal\nLicense plate: ABC-123\nReleased: no check-in by 09:30',
      });
    } finally {
      await sql`UPDATE parking_garages SET check_in_required = false WHERE name = 'HQ Garage'`.execute(
        server.db,
      );
    }
  });

  it('answers 304 to a matching If-None-Match, and 200 with a new ETag after a change', async () => {
    const url = (await turnOn(user)).url ?? '';
    const first = await fetchFeed(url);
    const etag = first.headers.get('etag') ?? '';
    const again = await fetchFeed(url, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect((await fetchFeed(url, { 'if-none-match': `W/"other", ${etag}` })).status).toBe(304);
    expect((await fetchFeed(url, { 'if-none-match': '"something-else"' })).status).toBe(200);

    await seedReservation(server.db, {
      owner: USER,
      slot: 'A-114',
      date: '2027-02-04',
      start: '08:00',
      end: '09:00',
    });
    const changed = await fetchFeed(url, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('a reset revokes the old address at once; turning off revokes it, turning on again gives a new one', async () => {
    const old = (await turnOn(user)).url ?? '';
    const reset = await user.json<CalendarFeedState>(`${FEED}/~reset`);
    expect(reset.enabled).toBe(true);
    expect(reset.url).not.toBe(old);
    expect((await fetchFeed(old)).status).toBe(404);
    expect((await fetchFeed(reset.url ?? '')).status).toBe(200);

    const off = await user.answer({ method: 'DELETE' as 'GET', path: FEED });
    expect(off.body).toEqual({ enabled: false, url: null });
    expect((await user.answer({ method: 'GET', path: FEED })).body).toEqual({ enabled: false, url: null });
    expect((await fetchFeed(reset.url ?? '')).status).toBe(404);

    const again = await turnOn(user);
    expect([old, reset.url]).not.toContain(again.url);
    expect((await fetchFeed(again.url ?? '')).status).toBe(200);
    expect((await fetchFeed(reset.url ?? '')).status).toBe(404);
  });
});

describe('the feed refuses everyone but its owner', () => {
  it('needs sign-in to read, turn on, reset or turn off', async () => {
    expect((await anonymous.answer({ method: 'GET', path: FEED })).status).toBe(401);
    expect((await anonymous.post(FEED)).status).toBe(401);
    expect((await anonymous.post(`${FEED}/~reset`)).status).toBe(401);
    expect((await anonymous.send({ method: 'DELETE' as 'GET', path: FEED })).status).toBe(401);
    const forged = requestsAs(server.url, `${user.token.slice(0, -2)}xx`);
    expect((await forged.answer({ method: 'GET', path: FEED })).status).toBe(401);
    expect((await forged.post(`${FEED}/~reset`)).status).toBe(401);
  });

  it("one user's reset or turning off leaves another's address working", async () => {
    const theirs = (await turnOn(quick)).url ?? '';
    await user.json(`${FEED}/~reset`);
    await user.send({ method: 'DELETE' as 'GET', path: FEED });
    expect((await fetchFeed(theirs)).status).toBe(200);
    expect((await quick.answer({ method: 'GET', path: FEED })).body).toEqual({ enabled: true, url: theirs });
  });

  it("another user's feed never shows your events, and your token with their id is 404", async () => {
    const mine = (await turnOn(user)).url ?? '';
    const theirs = (await turnOn(quick)).url ?? '';
    expect(theirs).not.toBe(mine);
    const myUids = (await eventsOf(mine)).map((event) => event.uid);
    expect(myUids.length).toBeGreaterThan(0);
    const theirUids = (await eventsOf(theirs)).map((event) => event.uid);
    expect(theirUids.filter((uid) => myUids.includes(uid))).toEqual([]);

    const quickId = await userIdOf(server, 'quick@parkhere.example');
    const userId = await userIdOf(server, USER);
    // My token's signature under their id, and theirs under mine: both forged.
    expect((await fetchFeed(mine.replace(`/calendar/${userId}.`, `/calendar/${quickId}.`))).status).toBe(404);
    expect((await fetchFeed(theirs.replace(`/calendar/${quickId}.`, `/calendar/${userId}.`))).status).toBe(
      404,
    );
  });

  it('answers 404 to forged, malformed, blank and huge tokens alike', async () => {
    const url = (await turnOn(user)).url ?? '';
    const token = url.slice(url.lastIndexOf('/') + 1, -'.ics'.length);
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const base = `${server.url}/ParkHere/calendar`;
    for (const path of [
      `${base}/${flipped}.ics`,
      `${base}/${token}`,
      `${base}/${token}.ical`,
      `${base}/.ics`,
      `${base}/%20.ics`,
      `${base}/1.1.${'A'.repeat(43)}.ics`,
      // Past bigint: no database error, the same 404.
      `${base}/9999999999999999999.1.${'A'.repeat(43)}.ics`,
      `${base}/0.1.${'A'.repeat(43)}.ics`,
    ]) {
      const answer = await fetchFeed(path);
      expect({ path: path.slice(0, 120), status: answer.status }).toEqual({
        path: path.slice(0, 120),
        status: 404,
      });
    }
  });

  it('answers an address too long for any token with the described 404, not the router’s 414', async () => {
    for (const length of [101, 5000]) {
      const answer = await fetchFeed(`${server.url}/ParkHere/calendar/${'9'.repeat(length)}.ics`);
      expect({ length, status: answer.status }).toEqual({ length, status: 404 });
      expect(await answer.text()).toBe('Not found');
    }
  });

  it('stops serving a deactivated user', async () => {
    const url = (await turnOn(quick)).url ?? '';
    expect((await fetchFeed(url)).status).toBe(200);
    await sql`UPDATE users SET is_active = false WHERE email = 'quick@parkhere.example'`.execute(server.db);
    try {
      expect((await fetchFeed(url)).status).toBe(404);
    } finally {
      await sql`UPDATE users SET is_active = true WHERE email = 'quick@parkhere.example'`.execute(server.db);
    }
  });

  it('gives a reactivated user a new address: the one from before the deactivation never comes back (issue 25, N14)', async () => {
    const before = (await turnOn(quick)).url ?? '';
    expect((await fetchFeed(before)).status).toBe(200);
    await sql`UPDATE users SET is_active = false WHERE email = 'quick@parkhere.example'`.execute(server.db);
    await sql`UPDATE users SET is_active = true WHERE email = 'quick@parkhere.example'`.execute(server.db);
    expect((await fetchFeed(before)).status).toBe(404);
    const after = (await (await quick.get(FEED)).json()) as CalendarFeedState;
    expect(after).toMatchObject({ enabled: true });
    expect(after.url).not.toBe(before);
    expect((await fetchFeed(String(after.url))).status).toBe(200);
  });
});

/** Budapest's UTC offset on a date, as `+01:00` or `+02:00`. */
function offsetOf(date: string): string {
  const noon = new Date(`${date}T12:00:00Z`);
  const hours = Number(wallClockAt(noon, ZONE).time.slice(0, 2)) - 12;
  return `+0${hours}:00`;
}
