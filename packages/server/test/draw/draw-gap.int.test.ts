import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Requests } from '../client.ts';
import { runAllJobs } from '../jobs/inspect.ts';
import { partiesOf } from '../reservations/forms.ts';
import {
  countRows,
  JOIN,
  onlySlots,
  RESERVE,
  requestOf,
  type Times,
  waitlistOf,
} from '../waitlist/waitlist.ts';
import { drawWorldOfFile, garageFor, REQUEST, requestBody, WED } from './draw-week.ts';

/*
 * [Fair share 2] The minute between a day's cut-off and its draw, through HTTP. HQ Garage draws (cut-off 14:00
 * two working days before), narrowed to; the clock stands on Monday 2026-12-07 at 08:00 in
 * Budapest, so Wednesday the 9th's cut-off is today at 14:00 and its draw is the first minute's job after it.
 * The user requests Wednesday; quick, a fast clicker, tries to book it and to wait for it before the cut-off,
 * in the minute after it, and after the draw.
 */

const { server, time, user, quick, admin } = await drawWorldOfFile();
const db = server.db;

const ADMIN_RESERVE = '/services/ReservationsPanel/reservation';

await onlySlots(db, ['A-103', 'A-104']);
await sql`UPDATE parking_garages SET draw_enabled = (name = 'HQ Garage')`.execute(db);
await sql`UPDATE users SET is_normal_reservation = true, is_guest_reservation = true,
    max_normal_reservation = 5, max_guest_reservation = 5
  WHERE email IN ('user@parkhere.example', 'quick@parkhere.example')`.execute(db);

const post = (caller: Requests, path: string, body: unknown) => caller.answer({ method: 'POST', path, body });

/** Quick's own booking of `slot` on Wednesday (09:00 to 17:00 unless `times` say otherwise). */
const bookWednesday = async (slot: string, times: Partial<Times> = {}) =>
  post(quick, RESERVE, {
    reservationType: 'NORMAL',
    date: WED,
    startTime: '09:00:00',
    endTime: '17:00:00',
    ...(await partiesOf(quick, slot)),
    ...times,
  });

/** Quick's waits for Wednesday 09:00 to 12:00: in HQ Garage, and in any of their garages. */
const waitsForWednesday = async () => {
  const body = await requestOf(quick, { date: WED, startTime: '09:00:00', endTime: '12:00:00' });
  return [{ ...body, parkingGarage: await garageFor(quick, 'HQ Garage') }, body];
};

const rowCounts = async () => [await countRows(db, 'reservations'), await countRows(db, 'waitlist_entries')];

const requestStatus = async () =>
  (
    await sql<{ status: string }>`SELECT draw_status AS status FROM draw_requests
      WHERE date = ${WED}::date`.execute(db)
  ).rows.map((row) => row.status);

describe('a contested day of a garage that draws', () => {
  it('before its cut-off is requested: quick’s booking and waits are 422 DAY_IN_DRAW', async () => {
    expect((await post(user, REQUEST, await requestBody(user, WED))).status).toBe(200);
    const before = await rowCounts();
    for (const refused of [
      await bookWednesday('A-104'),
      ...(await Promise.all((await waitsForWednesday()).map((body) => post(quick, JOIN, body)))),
    ]) {
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ code: 'DAY_IN_DRAW', details: { dates: [WED] } });
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('after its cut-off, until the draw has run, refuses quick’s booking and waits with DAY_BEING_DRAWN', async () => {
    time.set('2026-12-07T14:00:30+01:00');
    const before = await rowCounts();
    for (const refused of [
      await bookWednesday('A-104'),
      await bookWednesday('A-103', { startTime: '07:00:00', endTime: '08:00:00' }),
      ...(await Promise.all((await waitsForWednesday()).map((body) => post(quick, JOIN, body)))),
    ]) {
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ code: 'DAY_BEING_DRAWN', details: { dates: [WED] } });
      expect(JSON.stringify(refused.body)).toMatch(/draw for this day is running; try again in a minute/);
    }
    expect(await rowCounts()).toEqual(before);
    expect(await requestStatus()).toEqual(['PENDING']);
  });

  it('in that minute still takes a guest’s booking and an administrator’s, which the draw then lacks', async () => {
    const guest = await post(quick, RESERVE, {
      ...(await partiesOf(quick, 'A-104')),
      reservationType: 'GUEST',
      date: WED,
      startTime: '09:00:00',
      endTime: '12:00:00',
      car: undefined,
      guestName: 'Gina Guest',
      guestEmail: 'gina@parkhere.example',
      guestLicensePlate: 'GST-001',
    });
    expect(guest.status).toBe(200);
    const forQuick = await post(admin, ADMIN_RESERVE, {
      ...(await partiesOf(admin, 'A-103', 'quick@parkhere.example')),
      reservationType: 'NORMAL',
      date: WED,
      startTime: '07:00:00',
      endTime: '08:30:00',
    });
    expect(forQuick.status).toBe(200);
    expect(await requestStatus()).toEqual(['PENDING']);
  });

  it('after the draw is first come, first served: what it left is booked, a full time is waited for', async () => {
    await runAllJobs(server);
    // A-104 is the guest's in the morning, so the user's whole day could only be A-103.
    expect(await requestStatus()).toEqual(['WON']);
    const won = await sql<{ slot: string }>`SELECT s.name AS slot FROM reservations r
        JOIN parking_slots s ON s.id = r.parking_slot_id JOIN users u ON u.id = r.owner_id
      WHERE u.email = 'user@parkhere.example' AND r.date = ${WED}::date`.execute(db);
    expect(won.rows).toEqual([{ slot: 'A-103' }]);
    const [wait] = await waitsForWednesday();
    const joined = await post(quick, JOIN, wait);
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ date: WED, waitlistStatus: 'WAITING' });
    expect((await bookWednesday('A-104', { startTime: '13:00:00', endTime: '17:00:00' })).status).toBe(200);
    expect((await waitlistOf(quick)).map((entry) => [entry.date, entry.waitlistStatus])).toEqual([
      [WED, 'WAITING'],
    ]);
  });
});
