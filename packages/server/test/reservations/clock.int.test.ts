import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type Client, withId } from '../client.ts';
import { seedReservation, worldOfFile } from '../world.ts';
import type { Entity } from './forms.ts';

/*
 * TEST_CLOCK moves the app's time, not the machine's: the rules, the forms' defaults and the flags and lists
 * computed in SQL must all read it. A Monday morning in Budapest, the day after the machine's real date when
 * this was written, so the database's own now() would disagree with every expectation below.
 */
const PINNED = '2026-11-23T09:30:00+01:00';
const DAY = '2026-11-23';
const EMAIL = 'user@parkhere.example';

const activeOf = (caller: Client) =>
  caller.json<Entity[]>('/services/UserReservationPanel/activeReservations/~list', {});
const previousOf = (caller: Client) =>
  caller.json<Entity[]>('/services/UserReservationPanel/previousReservation/~list', {});
const byId = (list: Entity[], id: string) => list.find((item) => item.__identifier === id);
const template = async (caller: Client, type: string): Promise<Record<string, unknown>> => {
  const response = await caller.get(`/services/${type}/~template`);
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
};

const { server, user, doorman, quick } = await worldOfFile({
  env: { TEST_CLOCK: PINNED, ALLOW_TEST_CLOCK: 'true' },
  users: ['user', 'doorman', 'quick'],
});

describe('the app clock set by TEST_CLOCK', () => {
  it('is the forms’ today and current time', async () => {
    const reservation = await template(user, 'ReservationInput');
    expect(reservation.currentDate).toBe(DAY);
    expect(String(reservation.currentTime)).toMatch(/^09:3\d:00$/);
    const holiday = await template(user, 'HolidayInput');
    expect(holiday.currentDate).toBe(DAY);
  });

  it('starts a quick user’s form at 12:00 before noon, which the noon rule accepts (not now + 3 minutes)', async () => {
    const reservation = await template(quick, 'ReservationInput');
    expect(reservation).toMatchObject({ reservationType: 'QUICK', date: DAY, startTime: '12:00:00' });
  });

  it('decides which reservations are over, in progress and still ahead', async () => {
    const ended = await seedReservation(server.db, {
      owner: EMAIL,
      slot: 'A-203',
      date: DAY,
      start: '08:00:00',
      end: '09:00:00',
    });
    const running = await seedReservation(server.db, {
      owner: EMAIL,
      slot: 'A-204',
      date: DAY,
      start: '09:00:00',
      end: '10:30:00',
    });
    const ahead = await seedReservation(server.db, {
      owner: EMAIL,
      slot: 'A-205',
      date: DAY,
      start: '11:00:00',
      end: '12:00:00',
    });

    const active = await activeOf(user);
    expect(byId(active, ended)).toBeUndefined();
    expect(byId(active, running)).toMatchObject({ isNotCancelable: false, isNotDeletable: true });
    expect(String(byId(active, running)?.currentTime)).toMatch(/^09:3\d:\d\d$/);
    expect(byId(active, ahead)).toMatchObject({
      isNotCancelable: true,
      isNotDeletable: false,
      currentTime: null,
    });
    expect(byId(await previousOf(user), ended)).toMatchObject({ reservationStatus: 'EXPIRED' });

    // The doorman's arrivals are the pinned day's.
    const arrivals = await doorman.json<{ date: string; currentTime: string; arrivals: Entity[] }>(
      '/services/Actor/doormanArrivals/~get',
      { _mask: '{date,currentTime,arrivals{parkingSlotInformation}}' },
    );
    expect(arrivals.date).toBe(DAY);
    // "Updated at" of the Arrivals page: the configured zone's wall clock, 24-hour.
    expect(arrivals.currentTime).toMatch(/^09:3\d:\d{2}$/);
    expect(arrivals.arrivals.map((arrival) => String(arrival.parkingSlotInformation))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^A-204 /), expect.stringMatching(/^A-205 /)]),
    );

    // Cancelling ends the running one at the app's now, not the machine's.
    const cancelled = await user.post(
      '/services/UserReservation/cancelReservation',
      undefined,
      withId(String(byId(active, running)?.__signedIdentifier)),
    );
    expect(cancelled.status).toBe(200);
    const stored = await sql<{ endTime: string }>`SELECT to_char(end_time, 'HH24:MI') AS end_time
      FROM reservations WHERE id = ${running}`.execute(server.app.database.db);
    expect(stored.rows[0]?.endTime).toMatch(/^09:3\d$/);
  });

  it('refuses a start that is past on the app clock though ahead on the machine’s', async () => {
    const [self] = await user.json<Entity[]>('/services/Actor/usersForInput/~list', {});
    const [car] = await user.json<Entity[]>('/services/ReservationInput/car/~range', {
      owner: { user: self },
      queryCustomizer: {},
    });
    const draft = {
      reservationType: 'NORMAL',
      date: DAY,
      startTime: '09:00:00',
      endTime: '10:00:00',
      user: self,
    };
    const [slot] = await user.json<Entity[]>('/services/ReservationInput/parkingSlot/~range', {
      owner: draft,
      queryCustomizer: {},
    });
    const refused = await user.post('/services/UserReservationPanel/reservation', {
      ...draft,
      car,
      parkingSlot: slot,
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('TIME_IN_THE_PAST');
  });
});
