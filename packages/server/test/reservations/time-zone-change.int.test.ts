import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCalendar } from '../calendar/ical.ts';
import { seedReservation, worldOfFile } from '../world.ts';

/*
 * Issue 31 §3: a change of the configured time zone keeps the wall-clock times of the reservations not begun
 * (DESIGN §4: dates and times are wall-clock values in the configured zone), moves their instants, and raises
 * their calendar SEQUENCE; the administrator is told how many first (ReservationsPanel.upcomingReservationCount).
 * The app's clock is the machine's here, as the database's is.
 */

const USER = 'user@parkhere.example';
const { server, user, admin } = await worldOfFile({ users: ['user', 'admin'] });
const db = server.db;
const host = new URL(server.url).hostname;

const setTimeZone = (timeZone: string) =>
  admin.post('/services/ConfigurationSettings/~update', { timeZone }, { 'X-Judo-Mask': '{timeZone}' });

afterAll(async () => {
  await setTimeZone('Europe/Budapest');
});

const stored = async (id: string) =>
  (
    await sql<{ version: number; start: Date }>`SELECT version, lower(during) AS start FROM reservations
      WHERE id = ${id}`.execute(db)
  ).rows[0];

describe('a change of the configured time zone', () => {
  it('says how many reservations it moves, keeps their wall clock, moves their instants and raises SEQUENCE', async () => {
    // Budapest is UTC+2 in June 2027, London UTC+1; a reservation of January 2026 is over.
    const future = await seedReservation(db, {
      owner: USER,
      slot: 'A-111',
      date: '2027-06-15',
      start: '09:00',
      end: '17:00',
    });
    const past = await seedReservation(db, {
      owner: USER,
      slot: 'A-112',
      date: '2026-01-15',
      start: '09:00',
      end: '17:00',
    });
    const upcoming = Number(
      (
        await sql<{ n: number }>`SELECT count(*)::integer AS n FROM reservations
          WHERE reservation_status = 'ACTIVE' AND lower(during) > now()`.execute(db)
      ).rows[0]?.n,
    );
    const panel = await admin.json<{ upcomingReservationCount: number }>(
      '/services/Actor/reservationsAccess/~get',
      { _mask: '{upcomingReservationCount}' },
    );
    expect(panel.upcomingReservationCount).toBe(upcoming);
    expect(upcoming).toBeGreaterThan(0);
    const pastBefore = await stored(past);
    expect((await stored(future))?.start.toISOString()).toBe('2027-06-15T07:00:00.000Z');

    expect((await setTimeZone('Europe/London')).status).toBe(200);

    expect(await stored(future)).toMatchObject({ version: 2, start: new Date('2027-06-15T08:00:00.000Z') });
    expect(await stored(past)).toEqual(pastBefore);
    const { url } = await user.json<{ url: string }>('/calendar-feed');
    const { events } = parseCalendar(await (await fetch(url)).text());
    expect(events.find((event) => event.uid === `reservation-${future}@${host}`)).toMatchObject({
      sequence: 1,
      startZone: 'Europe/London',
      startLocal: '2027-06-15T09:00:00',
      start: '2027-06-15T08:00:00.000Z',
    });
    // Saving the same zone again moves nothing.
    expect((await setTimeZone('Europe/London')).status).toBe(200);
    expect((await stored(future))?.version).toBe(2);
  });
});
