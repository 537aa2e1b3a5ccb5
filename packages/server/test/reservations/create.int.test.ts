import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { seedReservations } from '../../src/modules/reservations/seed-reservations.ts';
import type { Client } from '../client.ts';
import { userIdOf, workingDayAfter, worldOfFile } from '../world.ts';
import { type Entity, partiesOf as formParties, normalRequest, overlappingRows, racers } from './forms.ts';

const RESERVE = '/services/UserReservationPanel/reservation';

/** The caller's own UserForInput, their default car and a free slot of HQ Garage by name. */
const partiesOf = async (caller: Client, slotName: string) => {
  const { parkingSlot, ...parties } = await formParties(caller, slotName);
  return { ...parties, slot: parkingSlot };
};

const { server, admin, user, quick } = await worldOfFile({ users: ['admin', 'user', 'quick'] });

/** The user's NORMAL booking of a slot, answered whatever its status. */
const userAttempts = async (slotName: string, date: string, startTime: string, endTime: string) =>
  user.post(RESERVE, await normalRequest(user, slotName, date, startTime, endTime));
const day1 = await workingDayAfter(server, 1);
const day2 = await workingDayAfter(server, 2);
const day3 = await workingDayAfter(server, 3);

describe('create', () => {
  it('creates a NORMAL reservation and answers it as a UserReservation list', async () => {
    const { user: self, car, slot } = await partiesOf(user, 'A-110');
    const created = await user.json<Entity[]>(RESERVE, {
      reservationType: 'NORMAL',
      date: day1,
      startTime: '09:00:00',
      endTime: '10:00:00',
      user: self,
      car,
      parkingSlot: slot,
    });
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      date: day1,
      startTime: '09:00:00',
      endTime: '10:00:00',
      reservationType: 'NORMAL',
      reservationStatus: 'ACTIVE',
      reserverCarId: 'ABC-123',
      isNotDeletable: false,
    });
    const jobs = await sql<{
      kind: string;
    }>`SELECT kind FROM jobs WHERE payload->>'reservationId' = ${created[0]?.__identifier}`.execute(
      server.app.database.db,
    );
    expect(jobs.rows.map((row) => row.kind).sort()).toEqual(['mail.confirmation', 'mail.reminder']);
  });

  it('back-to-back is free, an overlap is 409 SLOT_ALREADY_RESERVED with the next free slot', async () => {
    const { user: self, car, slot } = await partiesOf(admin, 'A-111');
    const body = { reservationType: 'NORMAL', date: day1, user: self, car, parkingSlot: slot };
    await admin.json(RESERVE, { ...body, startTime: '10:00:00', endTime: '11:00:00' });
    await admin.json(RESERVE, { ...body, startTime: '11:00:00', endTime: '12:00:00' });
    const other = await partiesOf(user, 'A-111');
    const refused = await user.post(RESERVE, {
      reservationType: 'NORMAL',
      date: day1,
      startTime: '10:30:00',
      endTime: '11:30:00',
      user: other.user,
      car: other.car,
      parkingSlot: other.slot,
    });
    expect(refused.status).toBe(409);
    const fault = (await refused.json()) as { code: string; details: { nextFreeSlot: Entity } };
    expect(fault.code).toBe('SLOT_ALREADY_RESERVED');
    expect(fault.details.nextFreeSlot.__signedIdentifier).toEqual(expect.any(String));
    expect(fault.details.nextFreeSlot.__identifier).not.toBe(other.slot.__identifier);
  });

  it('an overlap with the owner’s own reservation is 409 OVERLAPPING_RESERVATION naming that reservation', async () => {
    await user.json(RESERVE, await normalRequest(user, 'A-114', day2, '15:00:00', '16:00:00'));
    const refused = await userAttempts('A-115', day2, '15:30:00', '16:30:00');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      code: 'OVERLAPPING_RESERVATION',
      details: {
        existingReservation: { parkingSlot: 'A-114', date: day2, startTime: '15:00:00', endTime: '16:00:00' },
      },
    });
  });

  it('answers the faults of DESIGN §5 and writes nothing', async () => {
    const before = await sql<{ count: string }>`SELECT count(*) AS count FROM reservations`.execute(
      server.app.database.db,
    );
    const own = await partiesOf(user, 'A-112');
    const quickParties = await partiesOf(quick, 'A-112');
    const base = {
      reservationType: 'NORMAL',
      date: day1,
      startTime: '13:00:00',
      endTime: '14:00:00',
      user: own.user,
      car: own.car,
      parkingSlot: own.slot,
    };
    // Another user's identity: 404, no hint it exists; a type the flags forbid: 422 PERMISSION_DENIED.
    expect((await quick.post(RESERVE, { ...base, user: own.user })).status).toBe(404);
    const denied = await quick.post(RESERVE, { ...base, user: quickParties.user, car: quickParties.car });
    expect(denied.status).toBe(422);
    expect(denied.headers.get('x-fault')).toBeTruthy();
    // Too short, end before start: 400 items on the fields.
    const short = await user.post(RESERVE, { ...base, endTime: '13:10:00' });
    expect(short.status).toBe(400);
    expect(((await short.json()) as { location: string }[]).map((item) => item.location)).toContain(
      'endTime',
    );
    // Past date.
    const past = await user.post(RESERVE, { ...base, date: '2020-01-06' });
    expect(past.status).toBe(400);
    // Guest without guest data.
    const guest = await user.post(RESERVE, { ...base, reservationType: 'GUEST', car: undefined });
    expect(guest.status).toBe(400);
    // The administrators' panel refuses users.
    expect((await user.post('/services/ReservationsPanel/reservation', base)).status).toBe(403);
    const after = await sql<{ count: string }>`SELECT count(*) AS count FROM reservations`.execute(
      server.app.database.db,
    );
    expect(after.rows[0]?.count).toBe(before.rows[0]?.count);
  });

  it('counts quotas: at most maxNormalReservation upcoming NORMAL ones', async () => {
    const userId = await userIdOf(server, 'user@parkhere.example');
    await sql`UPDATE users SET max_normal_reservation = 1 WHERE id = ${userId}`.execute(
      server.app.database.db,
    );
    try {
      const refused = await userAttempts('A-113', day2, '09:00:00', '10:00:00');
      expect(refused.status).toBe(422);
      // The limit rides in the details, so the client says it in the user's language.
      expect(await refused.json()).toMatchObject({
        code: 'TOO_MANY_RESERVATION',
        details: { max: 1, reservationType: 'NORMAL' },
      });
    } finally {
      await sql`UPDATE users SET max_normal_reservation = 5 WHERE id = ${userId}`.execute(
        server.app.database.db,
      );
    }
  });

  it('creates a GUEST reservation with the guest’s plate and queues the doorman notice', async () => {
    const own = await partiesOf(user, 'A-114');
    const [created] = await user.json<Entity[]>(RESERVE, {
      reservationType: 'GUEST',
      date: day1,
      startTime: '09:00:00',
      endTime: '12:00:00',
      user: own.user,
      parkingSlot: own.slot,
      guestName: 'Greta Guest',
      guestEmail: 'greta@example.com',
      guestLicensePlate: 'gst-001',
      instantNotificateTheDoorman: true,
    });
    expect(created).toMatchObject({ reserverName: 'Greta Guest', reserverCarId: 'GST-001', isGuest: true });
    const jobs = await sql<{
      kind: string;
    }>`SELECT kind FROM jobs WHERE payload->>'reservationId' = ${created?.__identifier}`.execute(
      server.app.database.db,
    );
    expect(jobs.rows.map((row) => row.kind)).toContain('mail.doorman-notice');
  });
});

describe('a create that repeats the parties of the last one', () => {
  const ADMIN_RESERVE = '/services/ReservationsPanel/reservation';
  const jobsOf = async (reservationId: unknown) =>
    (
      await sql<{ kind: string; key: string; payload: { startsAt?: string } }>`SELECT kind,
          idempotency_key AS key, payload FROM jobs WHERE payload->>'reservationId' = ${String(reservationId)}
        ORDER BY kind`.execute(server.app.database.db)
    ).rows;

  it('queues its mails, and sees a slot switched off since the last create', async () => {
    const own = await partiesOf(admin, 'A-115');
    const body = {
      reservationType: 'NORMAL',
      startTime: '09:00:00',
      endTime: '10:00:00',
      reminderBeforeReservation: '00:30:00',
      user: own.user,
      car: own.car,
      parkingSlot: own.slot,
    };
    const slotId = own.slot.__identifier;
    await admin.json(ADMIN_RESERVE, { ...body, date: day1 });
    // The same parties again: planned with what the first create read, checked in the insert.
    const [second] = await admin.json<Entity[]>(ADMIN_RESERVE, { ...body, date: day2 });
    expect(second).toMatchObject({ date: day2, startTime: '09:00:00', reservationStatus: 'ACTIVE' });
    const jobs = await jobsOf(second?.__identifier);
    expect(jobs.map((job) => [job.kind, job.key.replace(String(second?.__identifier), 'ID')])).toEqual([
      ['mail.confirmation', 'confirmation:ID'],
      ['mail.reminder', `reminder:ID:${jobs[1]?.payload.startsAt}`],
    ]);
    const reservationsBefore = await sql<{ count: string }>`SELECT count(*) AS count FROM reservations
      WHERE parking_slot_id = ${slotId}`.execute(server.app.database.db);
    // Switched off behind this instance's back (another instance, or SQL).
    await sql`UPDATE parking_slots SET is_active = false WHERE id = ${slotId}`.execute(
      server.app.database.db,
    );
    try {
      const refused = await admin.post(ADMIN_RESERVE, { ...body, date: day3 });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(await refused.json())).toContain('NOT_ACCEPTED_BY_RANGE');
      const reservationsAfter = await sql<{ count: string }>`SELECT count(*) AS count FROM reservations
        WHERE parking_slot_id = ${slotId}`.execute(server.app.database.db);
      expect(reservationsAfter.rows[0]?.count).toBe(reservationsBefore.rows[0]?.count);
    } finally {
      await sql`UPDATE parking_slots SET is_active = true WHERE id = ${slotId}`.execute(
        server.app.database.db,
      );
    }
    // On again: the refusal's facts are not held against the next create.
    const [third] = await admin.json<Entity[]>(ADMIN_RESERVE, { ...body, date: day3 });
    expect(third).toMatchObject({ date: day3 });
  });
});

describe('races', () => {
  it('100 owners creating one slot and interval at once: exactly one 200, the rest 409 SLOT_ALREADY_RESERVED', async () => {
    // Distinct owners, so only the slot's exclusion constraint stands between them (one owner's calls would
    // also meet the owner constraint and pass without the slot's).
    const racing = await racers(server, 'racer', 100, 'A-215');
    const { slot } = await partiesOf(user, 'A-215');
    const statuses = await Promise.all(
      racing.map(async ({ caller, self }) => {
        const response = await caller.post(RESERVE, {
          reservationType: 'NORMAL',
          date: day3,
          startTime: '14:00:00',
          endTime: '15:00:00',
          user: self,
          car: self.cars[0],
          parkingSlot: slot,
        });
        const body = (await response.json()) as { code?: string };
        return response.status === 409 ? `409 ${body.code}` : String(response.status);
      }),
    );
    expect(statuses.filter((status) => status === '200')).toHaveLength(1);
    expect(statuses.filter((status) => status === '409 SLOT_ALREADY_RESERVED')).toHaveLength(99);
    expect(await overlappingRows(server)).toBe(0);
  });

  it('100 concurrent LONG series overlapping on one day: one whole series, nothing of the others', async () => {
    const own = await partiesOf(admin, 'B-005');
    const body = {
      reservationType: 'LONG',
      date: day1,
      endDate: day3,
      startTime: '16:00:00',
      endTime: '17:00:00',
      user: own.user,
      car: own.car,
      parkingSlot: own.slot,
    };
    const statuses = await Promise.all(
      Array.from({ length: 100 }, async () => (await admin.post(RESERVE, body)).status),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(99);
    const rows = await sql<{
      series: string;
      count: string;
    }>`SELECT series_id::text AS series, count(*) AS count
      FROM reservations WHERE reservation_type = 'LONG' GROUP BY series_id`.execute(server.app.database.db);
    expect(rows.rows).toHaveLength(1);
    expect(Number(rows.rows[0]?.count)).toBeGreaterThanOrEqual(3);
    // A series that meets a taken day writes none of its days.
    // Another user holds A-116 on the middle day.
    await seedReservations(
      server.app.database.db,
      sql`SELECT ${await userIdOf(server, 'quick@parkhere.example')}::bigint AS owner_id, s.id AS parking_slot_id,
          ${day2}::date AS date, '16:00'::time AS start_time, '17:00'::time AS end_time,
          'QUICK'::reservation_type AS reservation_type
        FROM parking_slots s WHERE s.name = 'A-116'`,
    );
    const own2 = await partiesOf(user, 'A-116');
    const refused = await user.post(RESERVE, {
      ...body,
      user: own2.user,
      car: own2.car,
      parkingSlot: own2.slot,
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe('SLOT_ALREADY_RESERVED');
    const written = await sql<{ count: string }>`SELECT count(*) AS count FROM reservations
      WHERE owner_id = ${await userIdOf(server, 'user@parkhere.example')} AND reservation_type = 'LONG'`.execute(
      server.app.database.db,
    );
    expect(written.rows[0]?.count).toBe('0');
    expect(await overlappingRows(server)).toBe(0);
  });
});
