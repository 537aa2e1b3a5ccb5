import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type Requests, update, withId } from '../client.ts';
import { mailsTo, runAllJobs } from '../jobs/inspect.ts';
import { type Entity, partiesOf } from '../reservations/forms.ts';
import { countRows, JOIN, onlySlots, requestOf, takeSlot } from '../waitlist/waitlist.ts';
import { codeOf, drawWorldOfFile, FRI, garageFor, MON, REQUEST, THU, TUE, WED } from './draw-week.ts';

/*
 * [Fair share 2] What a day in the draw means beyond the request itself, through HTTP: HQ Garage draws (cut-off
 * 14:00 two working days before), narrowed to. The clock stands on Monday 2026-12-07 at 08:00
 * in Budapest: Tuesday the 8th is past its cut-off, Wednesday the 9th's is today at 14:00, Thursday the 10th's
 * tomorrow at 14:00.
 */

const { server, time, user, quick, admin } = await drawWorldOfFile();
const db = server.db;

await onlySlots(db, ['A-103', 'A-104']);
await sql`UPDATE parking_garages SET draw_enabled = (name = 'HQ Garage')`.execute(db);

const post = (caller: Requests, path: string, body: unknown) => caller.answer({ method: 'POST', path, body });

/** HQ Garage as the caller's form offers it. */
const hqGarage = (caller: Requests) => garageFor(caller, 'HQ Garage');

const listOf = async (caller: Requests, relation: string): Promise<Entity[]> => {
  const panel = await caller.json<Entity>('/services/Actor/userReservationPanel/~get', {});
  return caller.json<Entity[]>(
    `/services/UserReservationPanel/${relation}/~list`,
    {},
    withId(panel.__signedIdentifier),
  );
};

// Both slots are taken 09:00–12:00 by visitors before the draw (guests book directly): a request can only wait.
for (const date of [TUE, WED]) {
  for (const slot of ['A-103', 'A-104']) {
    await takeSlot(db, slot, date, '09:00', '12:00');
  }
}

describe('the waitlist of a day in the draw', () => {
  it('is refused with DAY_IN_DRAW until the cut-off, pointing to the request, with or without a garage', async () => {
    const before = await countRows(db, 'waitlist_entries');
    const body = await requestOf(user, { date: WED, startTime: '09:00:00', endTime: '10:00:00' });
    for (const refused of [
      await post(user, JOIN, { ...body, parkingGarage: await hqGarage(user) }),
      // Without a garage the wait is for any of the user's garages, and HQ Garage is one of them.
      await post(user, JOIN, body),
    ]) {
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ code: 'DAY_IN_DRAW', details: { dates: [WED] } });
      expect(JSON.stringify(refused.body)).toMatch(/draw: request it/);
    }
    expect(await countRows(db, 'waitlist_entries')).toBe(before);
  });

  it('takes a day whose cut-off passed, first come first served', async () => {
    const joined = await post(user, JOIN, {
      ...(await requestOf(user, { date: TUE, startTime: '09:00:00', endTime: '10:00:00' })),
      parkingGarage: await hqGarage(user),
    });
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ date: TUE, waitlistStatus: 'WAITING' });
  });
});

describe('a LONG request', () => {
  it('won day by day is one series: one of the user’s LONG quota, not one a day', async () => {
    await sql`UPDATE users SET is_long_reservation = true, max_long_reservation = 1
      WHERE email = 'quick@parkhere.example'`.execute(db);
    const { user: self, car } = await partiesOf(quick, 'A-1');
    const requested = await post(quick, REQUEST, {
      reservationType: 'LONG',
      date: THU,
      endDate: FRI,
      startTime: '13:00:00',
      endTime: '17:00:00',
      user: self,
      car,
      parkingGarage: await hqGarage(quick),
    });
    expect(requested.status).toBe(200);
    // Thursday is drawn at Tuesday's cut-off, Friday at Wednesday's: each day on its own.
    time.set('2026-12-08T14:00:30+01:00');
    await runAllJobs(server);
    time.set('2026-12-09T14:00:30+01:00');
    await runAllJobs(server);
    const requests = (await listOf(quick, 'drawRequests')).filter((request) =>
      [THU, FRI].includes(String(request.date)),
    );
    expect(requests.map((request) => [request.date, request.drawStatus]).sort()).toEqual([
      [THU, 'WON'],
      [FRI, 'WON'],
    ]);
    const booked = (await listOf(quick, 'activeReservations')).filter(
      (reservation) => reservation.reservationType === 'LONG',
    );
    expect(booked.map((reservation) => reservation.date).sort()).toEqual([THU, FRI]);
    expect(new Set(booked.map((reservation) => reservation.seriesId)).size).toBe(1);
    // The one series is the user's one LONG series: another is refused.
    const another = await post(quick, REQUEST, {
      reservationType: 'LONG',
      date: MON,
      endDate: MON,
      startTime: '13:00:00',
      endTime: '17:00:00',
      user: self,
      car,
      parkingGarage: await hqGarage(quick),
    });
    expect(codeOf(another)).toBe('TOO_MANY_RESERVATION');
  });
});

describe('a garage that stops drawing', () => {
  it('books its pending requests in the order they came; one left without a slot waits, and each is told', async () => {
    await sql`UPDATE users SET is_normal_reservation = true WHERE email = 'quick@parkhere.example'`.execute(
      db,
    );
    // A visitor holds A-103 on Monday morning: one slot is left for the whole day.
    await takeSlot(db, 'A-103', MON, '09:00', '12:00');
    const body = async (caller: Requests) => {
      const { user: self, car } = await partiesOf(caller, 'A-1');
      return {
        reservationType: 'NORMAL',
        date: MON,
        startTime: '09:00:00',
        endTime: '17:00:00',
        user: self,
        car,
        parkingGarage: await hqGarage(caller),
      };
    };
    expect((await post(user, REQUEST, await body(user))).status).toBe(200);
    expect((await post(quick, REQUEST, await body(quick))).status).toBe(200);
    const [garage] = await admin.json<Entity[]>('/services/Actor/parkingGarages/~list', {
      name: [{ operator: 'equal', value: 'HQ Garage' }],
    });
    const off = await update(admin, 'ParkingGarageSettings', garage as Entity, {
      ...garage,
      drawEnabled: false,
    });
    expect(off.status).toBe(200);
    // The draw's job runs each minute.
    time.set('2026-12-09T14:02:00+01:00');
    await runAllJobs(server);
    const statusOn = async (caller: Requests) =>
      (await listOf(caller, 'drawRequests')).find((request) => request.date === MON)?.drawStatus;
    expect(await statusOn(user)).toBe('WON');
    expect(await statusOn(quick)).toBe('LOST');
    expect(
      (await listOf(user, 'activeReservations')).filter((reservation) => reservation.date === MON),
    ).toEqual([expect.objectContaining({ startTime: '09:00:00', endTime: '17:00:00' })]);
    expect((await listOf(quick, 'waitlist')).map((entry) => [entry.date, entry.waitlistStatus])).toEqual([
      [MON, 'WAITING'],
    ]);
    const booked = await mailsTo(server.config.dataDir, 'user@parkhere.example');
    expect(booked.map((mail) => mail.subject)).toContainEqual(
      expect.stringMatching(/^(Your request is booked|Foglalás a kérése alapján)/),
    );
    const lost = await mailsTo(server.config.dataDir, 'quick@parkhere.example');
    expect(lost.map((mail) => mail.subject)).toContainEqual(
      expect.stringMatching(/^(No slot for your request|Nem jutott hely)/),
    );
    // Settled once: a later run changes nothing.
    time.set('2026-12-09T14:05:00+01:00');
    await runAllJobs(server);
    expect(await statusOn(user)).toBe('WON');
  });
});
