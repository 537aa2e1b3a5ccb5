import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { seedReservations } from '../../src/modules/reservations/seed-reservations.ts';
import { type Requests, withId } from '../client.ts';
import { REQUEST, requestBody } from '../draw/draw-week.ts';
import { type Entity, normalRequest, partiesOf } from '../reservations/forms.ts';
import { JOIN, requestOf } from '../waitlist/waitlist.ts';
import { userIdOf, workingDayAfter, worldOfFile } from '../world.ts';

/*
 * [Pools] A member's horizon and quotas are the most generous of their groups' (no group: the configured
 * horizon, 14 days, and the user's own quotas), wherever a rule reads them: the form's template, the create
 * (NORMAL, LONG), the waitlist, the fair draw's request. Each test sets the user's groups itself; after it the user is in none.
 */

const { server, admin, user } = await worldOfFile({ users: ['admin', 'user'] });
const db = server.db;
const userId = await userIdOf(server, 'user@parkhere.example');

const RESERVE = '/services/UserReservationPanel/reservation';

// Beyond the configured 14 days and within 60: about five weeks ahead.
const farDay = await workingDayAfter(server, 25);
const farDay2 = await workingDayAfter(server, 26);

let groups = 0;
/** A group of the administrators' form with `rules`, the user its member. */
const userJoins = async (rules: Record<string, number>) => {
  groups += 1;
  const [self] = await admin.json<Entity[]>('/services/GroupSettings/members/~range', {
    owner: {},
    queryCustomizer: { email: [{ operator: 'equal', value: 'user@parkhere.example' }] },
  });
  return admin.json<Entity>('/services/Actor/~update/groups/~create', {
    name: `Rules ${groups}`,
    ...rules,
    members: [self],
  });
};

/** The user is in no group again. */
const userLeavesGroups = async () => {
  for (const group of await admin.json<Entity[]>('/services/Actor/groups/~list', {})) {
    await admin.json('/services/GroupSettings/~delete', undefined, withId(group.__signedIdentifier));
  }
};

afterEach(userLeavesGroups);

const attempt = async (caller: Requests, body: unknown) => {
  const answer = await caller.answer({ method: 'POST', path: RESERVE, body });
  return { status: answer.status, body: answer.body as Record<string, unknown> };
};

const normalOn = (date: string, startTime = '09:00:00', endTime = '10:00:00') =>
  normalRequest(user, 'A-110', date, startTime, endTime);

const tooFarAhead = (max: string) => ({
  status: 400,
  body: [expect.objectContaining({ code: 'DATE_TOO_FAR_AHEAD', location: 'date', details: { max } })],
});

/** A quota refusal (422 TOO_MANY_RESERVATION) at `max` of `reservationType`, as quotaOf reads it. */
const tooMany = (max: number, reservationType: string) => ({ status: 422, max, reservationType });

/** The quota refusal's limit and type, or the status when it is no quota refusal. */
const quotaOf = (answer: { status: number; body: Record<string, unknown> }) =>
  answer.status === 422 && answer.body.code === 'TOO_MANY_RESERVATION'
    ? { status: 422, ...(answer.body.details as { max: number; reservationType: string }) }
    : { status: answer.status };

const todayPlus = (days: number) => {
  const date = new Date(
    `${new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Budapest' }).format(new Date())}T12:00:00Z`,
  );
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

const templateHorizon = async () =>
  ((await (await user.get('/services/ReservationInput/~template')).json()) as { maxDaysInAdvance: number })
    .maxDaysInAdvance;

describe('the horizon of a member', () => {
  it('a non-member is refused beyond the configured horizon, and the form says 14 days', async () => {
    expect(await attempt(user, await normalOn(farDay))).toEqual(tooFarAhead(todayPlus(14)));
    expect(await templateHorizon()).toBe(14);
  });

  it('a member of a group with a longer horizon books beyond it, and the form offers it', async () => {
    await userJoins({ maxDaysInAdvance: 60 });
    expect(await templateHorizon()).toBe(60);
    const booked = await attempt(user, await normalOn(farDay));
    expect(booked.status).toBe(200);
    await userLeavesGroups();
    expect(await attempt(user, await normalOn(farDay2))).toEqual(tooFarAhead(todayPlus(14)));
  });

  it('of two groups, the longer horizon holds; a group that sets none keeps the configured one', async () => {
    await userJoins({ maxDaysInAdvance: 20 });
    expect(await attempt(user, await normalOn(farDay2))).toEqual(tooFarAhead(todayPlus(20)));
    await userJoins({ maxNormalReservation: 5 });
    // 14 (the second group sets no horizon) is less generous than 20.
    expect(await templateHorizon()).toBe(20);
    await userJoins({ maxDaysInAdvance: 60 });
    expect(await templateHorizon()).toBe(60);
    expect((await attempt(user, await normalOn(farDay2))).status).toBe(200);
  });

  it('a member waits on the waitlist for a day beyond the configured horizon; a non-member is refused', async () => {
    // The day is full at 11:00–12:00: every active slot is a guest's.
    await seedReservations(
      db,
      sql`SELECT u.id AS owner_id, s.id AS parking_slot_id, 'Gail Guest' AS guest_name,
          'gail@guest.example' AS guest_email, 'GST 001' AS guest_license_plate, ${farDay}::date AS date,
          '11:00'::time AS start_time, '12:00'::time AS end_time, 'GUEST'::reservation_type AS reservation_type
        FROM users u, parking_slots s WHERE u.email = 'admin@parkhere.example' AND s.is_active`,
      'Europe/Budapest',
    );
    const body = await requestOf(user, { date: farDay, startTime: '11:00:00', endTime: '12:00:00' });
    const refused = await user.answer({ method: 'POST', path: JOIN, body });
    expect(refused).toMatchObject({
      status: 400,
      body: [expect.objectContaining({ code: 'DATE_TOO_FAR_AHEAD' })],
    });
    await userJoins({ maxDaysInAdvance: 60 });
    expect(await user.json<Entity>(JOIN, body)).toMatchObject({ date: farDay, waitlistStatus: 'WAITING' });
  });
});

describe('the quotas of a member', () => {
  it('a group’s quota replaces the user’s own; of two groups the larger holds', async () => {
    const day = await workingDayAfter(server, 3);
    await userJoins({ maxNormalReservation: 0 });
    expect(quotaOf(await attempt(user, await normalOn(day, '18:00:00', '19:00:00')))).toEqual(
      tooMany(0, 'NORMAL'),
    );
    await userJoins({ maxNormalReservation: 50 });
    expect((await attempt(user, await normalOn(day, '18:00:00', '19:00:00'))).status).toBe(200);
  });

  it('a member holds more than their own quota allows', async () => {
    const day = await workingDayAfter(server, 4);
    await sql`UPDATE users SET max_normal_reservation = 0 WHERE id = ${userId}`.execute(db);
    expect(quotaOf(await attempt(user, await normalOn(day, '18:00:00', '19:00:00')))).toEqual(
      tooMany(0, 'NORMAL'),
    );
    await userJoins({ maxNormalReservation: 50 });
    expect((await attempt(user, await normalOn(day, '18:00:00', '19:00:00'))).status).toBe(200);
    await sql`UPDATE users SET max_normal_reservation = 5 WHERE id = ${userId}`.execute(db);
  });

  it('LONG series count against the group’s maxLongReservation', async () => {
    const [first, last] = [await workingDayAfter(server, 5), await workingDayAfter(server, 6)];
    const series = {
      ...(await partiesOf(user, 'A-111')),
      reservationType: 'LONG',
      date: first,
      endDate: last,
    };
    const body = { ...series, startTime: '19:00:00', endTime: '20:00:00' };
    await userJoins({ maxLongReservation: 0 });
    expect(quotaOf(await attempt(user, body))).toEqual(tooMany(0, 'LONG'));
    await userJoins({ maxLongReservation: 1 });
    expect((await attempt(user, body)).status).toBe(200);
    // One series held: a second is refused at the group's limit.
    expect(quotaOf(await attempt(user, { ...body, startTime: '20:00:00', endTime: '21:00:00' }))).toEqual(
      tooMany(1, 'LONG'),
    );
  });
});

describe('the fair draw', () => {
  it('a member requests a day of the draw beyond the configured horizon; a non-member is refused', async () => {
    await sql`UPDATE parking_garages SET draw_enabled = true WHERE name = 'HQ Garage'`.execute(db);
    try {
      const body = await requestBody(user, farDay2, { startTime: '13:00:00', endTime: '14:00:00' });
      const refused = await user.answer({ method: 'POST', path: REQUEST, body });
      expect(refused).toMatchObject({
        status: 400,
        body: [expect.objectContaining({ code: 'DATE_TOO_FAR_AHEAD' })],
      });
      await userJoins({ maxDaysInAdvance: 60, maxNormalReservation: 50 });
      const [request] = await user.json<Entity[]>(REQUEST, body);
      expect(request).toMatchObject({ date: farDay2, drawStatus: 'PENDING' });
    } finally {
      await sql`UPDATE parking_garages SET draw_enabled = false WHERE name = 'HQ Garage'`.execute(db);
    }
  });
});
