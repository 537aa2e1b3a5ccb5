import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type Requests, update, withId } from '../client.ts';
import { runAllJobs } from '../jobs/inspect.ts';
import { type Entity, partiesOf } from '../reservations/forms.ts';
import { seedDrawRequest, seedHoliday, seedReservation } from '../world.ts';
import {
  codeOf,
  drawRequestsOf,
  drawWorldOfFile,
  FRI,
  garageFor,
  MON,
  REQUEST,
  requestBody,
  THU,
  TUE,
  WED,
  withdraw,
} from './draw-week.ts';

/*
 * [Fair share 2] Requests of the fair draw through HTTP: HQ Garage draws (cut-off 14:00 two working days
 * before the day), Riverside Garage does not. The clock stands on Monday 2026-12-07 at 08:00 in Budapest, so
 * Wednesday the 9th and later days are in HQ Garage's draw, Tuesday the 8th is not (its cut-off was Thursday).
 */

const { server, time, user, quick, admin } = await drawWorldOfFile();
const db = server.db;

const RESERVE = '/services/UserReservationPanel/reservation';

const garageSettings = async (name: string) => {
  const [garage] = await admin.json<Entity[]>('/services/Actor/parkingGarages/~list', {
    name: [{ operator: 'equal', value: name }],
  });
  return garage as Entity;
};

/** A direct booking of the caller's on `slot`. */
const bookingBody = async (
  caller: Requests,
  slot: string,
  date: string,
  extra: Record<string, unknown> = {},
) => ({
  reservationType: 'NORMAL',
  date,
  startTime: '09:00:00',
  endTime: '17:00:00',
  ...(await partiesOf(caller, slot)),
  ...extra,
});

const post = (caller: Requests, path: string, body: unknown, headers?: Record<string, string>) =>
  caller.answer({ method: 'POST', path, body, ...(headers === undefined ? {} : { headers }) });

/** The caller's own draw request for `date`, as their form sends it (requestBody, with `extra`). */
const requestAs = async (caller: Requests, date: string, extra: Record<string, unknown> = {}) =>
  post(caller, REQUEST, await requestBody(caller, date, extra));

const countRequests = async () =>
  Number((await sql<{ n: string }>`SELECT count(*) AS n FROM draw_requests`.execute(db)).rows[0]?.n ?? 0);

describe('the garage settings of the draw', () => {
  it('are off by default, with a 14:00 cut-off two working days before and eight weeks of fairness', async () => {
    expect(await garageSettings('HQ Garage')).toMatchObject({
      drawEnabled: false,
      drawCutoffTime: '14:00:00',
      drawCutoffWorkingDaysBefore: 2,
      drawFairnessWeeks: 8,
    });
  });

  it('refuses bounds out of range at their field, and leaves the garage as it was', async () => {
    const garage = await garageSettings('HQ Garage');
    for (const [field, value] of [
      ['drawCutoffWorkingDaysBefore', 31],
      ['drawCutoffWorkingDaysBefore', -1],
      ['drawFairnessWeeks', 0],
      ['drawFairnessWeeks', 53],
    ] as const) {
      const refused = await update(admin, 'ParkingGarageSettings', garage, { ...garage, [field]: value });
      expect(refused.status, field).toBe(400);
      expect(await refused.json()).toEqual([expect.objectContaining({ location: field })]);
    }
    const badTime = await update(admin, 'ParkingGarageSettings', garage, {
      ...garage,
      drawCutoffTime: '25:00',
    });
    expect(badTime.status).toBe(400);
    expect(await garageSettings('HQ Garage')).toMatchObject({
      drawEnabled: false,
      drawCutoffWorkingDaysBefore: 2,
    });
  });

  it('is a garage administrators turn on; users cannot', async () => {
    const garage = await garageSettings('HQ Garage');
    expect(
      (await update(user, 'ParkingGarageSettings', garage, { ...garage, drawEnabled: true })).status,
    ).toBe(403);
    const turnedOn = await update(admin, 'ParkingGarageSettings', garage, { ...garage, drawEnabled: true });
    expect(turnedOn.status).toBe(200);
    expect(await turnedOn.json()).toMatchObject({ drawEnabled: true });
  });

  it('are read by the garage’s users, for the page that explains the draw', async () => {
    const garages = await user.json<Entity[]>('/services/ProfileSettings/accessedParkingGarages/~list', {});
    expect(garages).toEqual([
      expect.objectContaining({
        name: 'HQ Garage',
        drawEnabled: true,
        drawCutoffTime: '14:00:00',
        drawCutoffWorkingDaysBefore: 2,
        drawFairnessWeeks: 8,
      }),
    ]);
  });
});

describe('a direct booking', () => {
  it('of a day in the draw is refused with DAY_IN_DRAW, naming the day, and writes nothing', async () => {
    const refused = await post(user, RESERVE, await bookingBody(user, 'A-105', WED));
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'DAY_IN_DRAW', details: { dates: [WED] } });
  });

  it('of a day whose cut-off passed is made, first come first served', async () => {
    expect(
      (
        await post(
          user,
          RESERVE,
          await bookingBody(user, 'A-105', TUE, { startTime: '07:00:00', endTime: '08:00:00' }),
        )
      ).status,
    ).toBe(200);
  });

  it('stays direct for a guest and for an administrator, and takes from the draw’s supply', async () => {
    const guest = await post(
      user,
      RESERVE,
      await bookingBody(user, 'A-106', WED, {
        reservationType: 'GUEST',
        car: undefined,
        guestName: 'Gina Guest',
        guestEmail: 'gina@parkhere.example',
        guestLicensePlate: 'GST-001',
      }),
    );
    expect(guest.status).toBe(200);
    expect((await post(admin, RESERVE, await bookingBody(admin, 'A-107', WED))).status).toBe(200);
  });
});

describe('requestDraw', () => {
  it('answers a PENDING request of the day; the user lists it', async () => {
    const [request] = await user.json<Entity[]>(REQUEST, await requestBody(user, WED));
    expect(request).toMatchObject({
      date: WED,
      startTime: '09:00:00',
      endTime: '17:00:00',
      reservationType: 'NORMAL',
      parkingGarageName: 'HQ Garage',
      preferredSlotName: null,
      drawStatus: 'PENDING',
    });
    expect((await drawRequestsOf(user)).map((listed) => listed.date)).toContain(WED);
    // Audited as the user's change.
    const audit = await sql<{ actor: string }>`SELECT actor FROM audit_log
      WHERE table_name = 'draw_requests' AND action = 'INSERT' ORDER BY id DESC LIMIT 1`.execute(db);
    expect(audit.rows[0]?.actor).toMatch(/^user:\d+$/);
    expect(await drawRequestsOf(quick)).toEqual([]);
  });

  it('keeps one pending request a day, in any garage: a second one is 409 ALREADY_REQUESTED', async () => {
    const before = await countRequests();
    const second = await requestAs(user, WED, { startTime: '18:00:00', endTime: '19:00:00' });
    expect(second.status).toBe(409);
    expect(codeOf(second)).toBe('ALREADY_REQUESTED');
    expect(await countRequests()).toBe(before);
  });

  it('takes a preferred slot of the garage, and refuses one of another garage at its field', async () => {
    const { parkingSlot } = await partiesOf(user, 'A-108');
    // The form's slot carries its garage's draw, so the form knows a day in the draw before it sends.
    expect(parkingSlot).toMatchObject({
      drawEnabled: true,
      drawCutoffTime: '14:00:00',
      drawCutoffWorkingDaysBefore: 2,
    });
    const [request] = await user.json<Entity[]>(REQUEST, await requestBody(user, THU, { parkingSlot }));
    expect(request?.preferredSlotName).toMatch(/^A-108 /);
    const { parkingSlot: riverside } = await partiesOf(admin, 'B-005');
    const refused = await post(admin, REQUEST, await requestBody(user, FRI, { parkingSlot: riverside }));
    // Refused for the administrator already (they book directly); the user cannot name the slot at all.
    expect(refused.status).toBe(422);
    const foreign = await requestAs(user, FRI, { parkingSlot: riverside });
    expect([400, 404]).toContain(foreign.status);
  });

  it('refuses a day not in the draw, a guest, an administrator and a garage without a draw', async () => {
    const before = await countRequests();
    const notInDraw = await requestAs(user, TUE, { startTime: '12:00:00', endTime: '13:00:00' });
    expect(notInDraw.status).toBe(422);
    expect(notInDraw.body).toMatchObject({ code: 'DAY_NOT_IN_DRAW', details: { dates: [TUE] } });
    const guest = await requestAs(user, MON, {
      reservationType: 'GUEST',
      guestName: 'Gina Guest',
      guestEmail: 'gina@parkhere.example',
      guestLicensePlate: 'GST-001',
    });
    expect(codeOf(guest)).toBe('DAY_NOT_IN_DRAW');
    const byAdministrator = await requestAs(admin, MON);
    expect(codeOf(byAdministrator)).toBe('DAY_NOT_IN_DRAW');
    const riverside = await post(admin, REQUEST, {
      ...(await requestBody(admin, MON)),
      parkingGarage: await garageFor(admin, 'Riverside Garage'),
    });
    expect(riverside.status).toBe(422);
    expect(await countRequests()).toBe(before);
  });

  it('obeys the create’s rules: access, flags, horizon, working days, times, holidays, overlaps', async () => {
    const before = await countRequests();
    // Another user's identity: 404; no garage at all: 400 at the field.
    expect((await post(quick, REQUEST, await requestBody(user, MON))).status).toBe(404);
    const noGarage = await requestAs(user, MON, { parkingGarage: undefined });
    expect(noGarage.status).toBe(400);
    expect(noGarage.body).toEqual([expect.objectContaining({ location: 'parkingGarage' })]);
    // Beyond the horizon, on a Saturday, an end before the start, blank and huge values: 400.
    expect((await requestAs(user, '2027-03-01')).status).toBe(400);
    expect((await requestAs(user, '2026-12-12')).status).toBe(400);
    expect((await requestAs(user, MON, { endTime: '08:00:00' })).status).toBe(400);
    expect((await requestAs(user, '')).status).toBe(400);
    expect((await requestAs(user, MON, { startTime: 'x'.repeat(100_000) })).status).toBe(400);
    expect((await requestAs(user, MON, { parkingGarage: { __signedIdentifier: 'forged' } })).status).toBe(
      400,
    );
    // The user's own holiday needs the same confirmation as a booking.
    await seedHoliday(db, { owner: 'user@parkhere.example', start: MON, end: MON });
    const onHoliday = await requestAs(user, MON);
    expect(codeOf(onHoliday)).toBe('ON_HOLIDAY');
    // An own reservation at an overlapping time (made before the day was in the draw): 409.
    await seedReservation(db, {
      owner: 'user@parkhere.example',
      slot: 'A-110',
      date: FRI,
      start: '16:00',
      end: '18:00',
      reminder: null,
    });
    const overlap = await requestAs(user, FRI);
    expect(overlap.status).toBe(409);
    expect(codeOf(overlap)).toBe('OVERLAPPING_RESERVATION');
    expect(await countRequests()).toBe(before);
    const confirmed = await requestAs(user, MON, { confirmHoliday: true });
    expect(confirmed.status).toBe(200);
  });

  it('counts pending requests toward the NORMAL quota, for requests and direct bookings alike', async () => {
    // The user holds TUE (booked), FRI (seeded) and pending WED, THU, MON: five of five.
    await sql`UPDATE users SET max_normal_reservation = 5 WHERE email = 'user@parkhere.example'`.execute(db);
    const request = await requestAs(user, '2026-12-15');
    expect(request.status).toBe(422);
    expect(request.body).toMatchObject({ code: 'TOO_MANY_RESERVATION', details: { max: 5 } });
    const booking = await post(
      user,
      RESERVE,
      await bookingBody(user, 'A-111', TUE, { startTime: '12:00:00', endTime: '13:00:00' }),
    );
    expect(codeOf(booking)).toBe('TOO_MANY_RESERVATION');
    await sql`UPDATE users SET max_normal_reservation = 50 WHERE email = 'user@parkhere.example'`.execute(db);
  });

  it('makes a LONG series one request a working day, all or nothing', async () => {
    await sql`UPDATE users SET is_long_reservation = true WHERE email = 'quick@parkhere.example'`.execute(db);
    const mixed = await requestAs(quick, TUE, { reservationType: 'LONG', endDate: THU });
    expect(mixed.body).toMatchObject({ code: 'DAY_NOT_IN_DRAW', details: { dates: [TUE] } });
    const series = await quick.json<Entity[]>(
      REQUEST,
      await requestBody(quick, WED, { reservationType: 'LONG', endDate: '2026-12-15' }),
    );
    // Wednesday to Tuesday: the weekend is no day of it.
    expect(series.map((day) => day.date)).toEqual([WED, THU, FRI, MON, '2026-12-15']);
    expect(new Set(series.map((day) => day.reservationType))).toEqual(new Set(['LONG']));
    const ids = await sql<{
      seriesId: string;
    }>`SELECT DISTINCT series_id::text AS series_id FROM draw_requests
      WHERE user_id = (SELECT id FROM users WHERE email = 'quick@parkhere.example')`.execute(db);
    expect(ids.rows).toHaveLength(1);
    // A second series over one of those days is refused whole.
    const before = await countRequests();
    const again = await requestAs(quick, '2026-12-15', { reservationType: 'LONG', endDate: '2026-12-16' });
    expect(again.status).toBe(409);
    expect(await countRequests()).toBe(before);
  });

  it('lets two racing requests of one day make one request, the other 409, never a 500', async () => {
    const day = '2026-12-16';
    const body = await requestBody(user, day);
    const answers = await Promise.all([
      post(user, REQUEST, body),
      post(user, REQUEST, body),
      post(user, REQUEST, body),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    const rows = await sql`SELECT 1 FROM draw_requests d JOIN users u ON u.id = d.user_id
      WHERE u.email = 'user@parkhere.example' AND d.date = ${day}::date AND d.draw_status = 'PENDING'`.execute(
      db,
    );
    expect(rows.rows).toHaveLength(1);
  });

  it('is held to one pending request a day by the database itself', async () => {
    const seeded = {
      owner: 'quick@parkhere.example',
      garage: 'HQ Garage',
      date: '2026-12-17',
      start: '09:00',
      end: '10:00',
    };
    await seedDrawRequest(db, seeded);
    await expect(seedDrawRequest(db, { ...seeded, start: '12:00', end: '13:00' })).rejects.toThrow(
      /draw_requests_one_pending_a_day/,
    );
    // A withdrawn or decided request of the day leaves room for a new one.
    await seedDrawRequest(db, { ...seeded, status: 'WITHDRAWN' });
  });
});

describe('withdraw', () => {
  it('withdraws the owner’s pending request before the cut-off, once', async () => {
    const [request] = await user.json<Entity[]>(REQUEST, await requestBody(user, '2026-12-18'));
    const withdrawn = await withdraw(user, request as Entity);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toMatchObject({ date: '2026-12-18', drawStatus: 'WITHDRAWN' });
    const again = await withdraw(user, request as Entity);
    expect(again.status).toBe(422);
    expect(codeOf(again)).toBe('NOT_VALID_DATA');
    // The day is free to request again.
    expect((await requestAs(user, '2026-12-18')).status).toBe(200);
  });

  it('is 404 for another user’s request and for a forged identifier, and changes nothing', async () => {
    const [request] = (await drawRequestsOf(user)).filter((listed) => listed.drawStatus === 'PENDING');
    const foreign = await withdraw(quick, request as Entity);
    expect(foreign.status).toBe(404);
    const forged = await post(quick, '/services/DrawRequest/withdraw', undefined, withId('forged'));
    expect([400, 404]).toContain(forged.status);
    expect(
      (await drawRequestsOf(user)).find((listed) => listed.__identifier === request?.__identifier),
    ).toMatchObject({
      drawStatus: 'PENDING',
    });
  });

  it('is refused from the cut-off on with DRAW_CUTOFF_PASSED; the day is then booked directly', async () => {
    const [wednesday] = (await drawRequestsOf(user)).filter((listed) => listed.date === WED);
    time.set('2026-12-07T14:00:00+01:00');
    const late = await withdraw(user, wednesday as Entity);
    expect(late.status).toBe(422);
    expect(codeOf(late)).toBe('DRAW_CUTOFF_PASSED');
    expect(await drawRequestsOf(user)).toContainEqual(
      expect.objectContaining({ date: WED, drawStatus: 'PENDING' }),
    );
    // Leftovers are first come, first served: the day is not in the draw any more.
    expect((await requestAs(quick, WED, { startTime: '06:00:00', endTime: '07:00:00' })).status).toBe(422);
    time.set('2026-12-07T13:59:59+01:00');
    expect((await withdraw(user, wednesday as Entity)).status).toBe(200);
    time.set('2026-12-07T08:00:00+01:00');
  });
});

describe('the user’s view of a drawn request', () => {
  it('shows a winner its slot, a loser its place on the waitlist, each with the garage’s cut-off', async () => {
    // Monday the 21st (cut-off Thursday the 17th, 14:00) is won; before Tuesday the 22nd's (Friday the 18th)
    // HQ Garage's slots are closed, so that day is lost.
    const [won, lost] = ['2026-12-21', '2026-12-22'];
    const hqSlots = (active: boolean) =>
      sql`UPDATE parking_slots SET is_active = ${active}
        WHERE parking_garage_id = (SELECT id FROM parking_garages WHERE name = 'HQ Garage')`.execute(db);
    for (const date of [won, lost]) {
      await seedDrawRequest(db, {
        owner: 'user@parkhere.example',
        garage: 'HQ Garage',
        date,
        start: '09:00',
        end: '17:00',
      });
    }
    expect((await drawRequestsOf(user)).find((listed) => listed.date === won)).toMatchObject({
      drawStatus: 'PENDING',
      drawCutoffTime: '14:00:00',
      drawCutoffWorkingDaysBefore: 2,
      parkingSlotInformation: null,
      waitlistStatus: null,
      waitlistPosition: null,
    });
    try {
      time.set('2026-12-17T14:00:30+01:00');
      await runAllJobs(server);
      await hqSlots(false);
      time.set('2026-12-18T14:00:30+01:00');
      await runAllJobs(server);
      const listed = await drawRequestsOf(user);
      const winner = listed.find((request) => request.date === won);
      expect(winner).toMatchObject({ drawStatus: 'WON', waitlistStatus: null, waitlistPosition: null });
      expect(winner?.parkingSlotInformation).toMatch(/HQ Garage/);
      expect(listed.find((request) => request.date === lost)).toMatchObject({
        drawStatus: 'LOST',
        waitlistStatus: 'WAITING',
        waitlistPosition: 1,
        parkingSlotInformation: null,
      });
    } finally {
      await hqSlots(true);
      time.set('2026-12-07T08:00:00+01:00');
    }
  });
});
