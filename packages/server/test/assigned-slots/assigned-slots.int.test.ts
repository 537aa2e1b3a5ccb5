import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type Answer, type Requests, withId } from '../client.ts';
import { mailsTo, runAllJobs } from '../jobs/inspect.ts';
import { type Entity, freeSlotNames, partiesOf } from '../reservations/forms.ts';
import { someoneWaitsForALock } from '../users/leaving-race.ts';
import { JOIN, onlySlots, requestOf, takeSlot } from '../waitlist/waitlist.ts';
import { seedHoliday, userIdOf, workingDayAfter, worldOfFile } from '../world.ts';

/*
 * [Pools] An assigned slot: A-110 of HQ Garage assigned to quick@ by an administrator. Nobody else is offered
 * it (the free-slot range, the create, the waitlist) but on the days quick@ is on holiday or gives back; a day
 * given back serves the waitlist, and is taken back only while nobody has booked it. Only quick@ gives it back.
 * HQ Garage is narrowed to.
 */

const { server, admin, user, quick } = await worldOfFile({
  users: ['admin', 'user', 'quick'],
  jobs: { poll: false },
});
const db = server.db;
await onlySlots(db, ['A-110', 'A-111']);
await sql`UPDATE users SET max_normal_reservation = 100`.execute(db);

const RESERVE = '/services/UserReservationPanel/reservation';
const RELEASE = '/services/UserReservationPanel/releaseAssignedSlot';
const TAKE_BACK = '/services/UserReservationPanel/takeBackAssignedSlot';
const DAYS = '/services/UserReservationPanel/assignedSlotDays';

const day = (n: number) => workingDayAfter(server, n);

// The administrators' slot table: A-110's row, assigned to quick@ from the users its picker offers.
const [slotRow] = await admin.json<Entity[]>('/services/Actor/parkingSlots/~list', {
  name: [{ operator: 'equal', value: 'A-110' }],
});
const [quickUser] = await admin.json<Entity[]>('/services/ParkingSlotSettings/assignedTo/~range', {
  owner: slotRow,
  queryCustomizer: { email: [{ operator: 'equal', value: 'quick@parkhere.example' }] },
});
await admin.json(
  '/services/ParkingSlotSettings/~update/assignedTo/~set',
  quickUser,
  withId(String(slotRow?.__signedIdentifier)),
);
const quickId = await userIdOf(server, 'quick@parkhere.example');

const post = async (caller: Requests, path: string, body: unknown): Promise<Answer> =>
  caller.answer({ method: 'POST', path, body });

const codeOf = (answer: Answer) => (answer.body as { code?: string }).code;

/** A NORMAL booking body of `caller` on `slot` on `date`, 09:00–10:00, as the form sends it (the slot by id). */
const bookingOn = async (caller: Requests, date: string, slot = 'A-110') => {
  const { user: self, car } = await partiesOf(caller, 'A-111');
  // The slot as the user's profile lists it (accessedParkingSlots): the range offers it only when it is free.
  const profile = await caller.json<Entity>('/services/Actor/profileSettings/~get', {});
  const [slotEntity] = await caller.json<Entity[]>(
    '/services/ProfileSettings/accessedParkingSlots/~list',
    { aggregaredName: [{ operator: 'like', value: `${slot} %` }] },
    withId(profile.__signedIdentifier),
  );
  return {
    reservationType: 'NORMAL',
    date,
    startTime: '09:00:00',
    endTime: '10:00:00',
    user: self,
    car,
    parkingSlot: slotEntity,
  };
};

const offered = async (caller: Requests, date: string) => {
  const { user: self } = await partiesOf(caller, 'A-111');
  return freeSlotNames(caller, { user: self, date, startTime: '09:00:00', endTime: '10:00:00' }, 'A-11%');
};

const range = (startDate: string, endDate = startDate) => ({ startDate, endDate });

describe('an assigned slot', () => {
  it('is stored as the administrator set it', async () => {
    const [row] = await admin.json<Entity[]>('/services/Actor/parkingSlots/~list', {
      _mask: '{name,assignedTo{email}}',
      name: [{ operator: 'equal', value: 'A-110' }],
    });
    expect(row?.assignedTo).toMatchObject({ email: 'quick@parkhere.example' });
  });

  it('is not offered to others on a day its owner comes, and their booking is refused with its own code', async () => {
    const date = await day(2);
    expect(await offered(user, date)).toEqual(['A-111']);
    const refused = await post(user, RESERVE, await bookingOn(user, date));
    expect(refused.status).toBe(422);
    expect(codeOf(refused)).toBe('ASSIGNED_SLOT_NOT_RELEASED');
    // An administrator booking it for the user is refused alike: who would hold the slot is what counts.
    const forUser = await post(admin, '/services/ReservationsPanel/reservation', {
      ...(await bookingOn(user, date)),
      user: (await partiesOf(admin, 'A-111', 'user@parkhere.example')).user,
    });
    expect(codeOf(forUser)).toBe('ASSIGNED_SLOT_NOT_RELEASED');
  });

  it('shows its owner their working days, with no booking', async () => {
    const schedule = await quick.json<{ hasAssignedSlot: boolean; days: Entity[] }>(DAYS, {});
    expect(schedule.hasAssignedSlot).toBe(true);
    expect(schedule.days).toHaveLength(10);
    expect(schedule.days[0]).toMatchObject({ assignedDayState: 'EXPECTED' });
    expect(String(schedule.days[0]?.parkingSlotInformation)).toMatch(/^A-110 /);
    const nobody = await user.json<{ hasAssignedSlot: boolean; days: Entity[] }>(DAYS, {});
    expect(nobody).toMatchObject({ hasAssignedSlot: false, days: [] });
  });

  it('is offered on the days of its owner’s holiday', async () => {
    const date = await day(3);
    const holiday = await seedHoliday(db, { owner: 'quick@parkhere.example', start: date, end: date });
    expect(await offered(user, date)).toEqual(['A-110', 'A-111']);
    await sql`DELETE FROM holidays WHERE id = ${holiday}::bigint`.execute(db);
    expect(await offered(user, date)).toEqual(['A-111']);
  });

  it('is given back by its owner only: anybody else naming it is refused (403)', async () => {
    const date = await day(4);
    const [slot] = await user.json<Entity[]>('/services/ReservationInput/parkingSlot/~range', {
      owner: { user: (await partiesOf(user, 'A-111')).user },
      queryCustomizer: { aggregaredName: [{ operator: 'like', value: 'A-110 %' }] },
    });
    expect(slot).toBeDefined();
    const other = await post(user, RELEASE, { ...range(date), parkingSlot: slot });
    expect(other.status).toBe(403);
    // Naming no slot, a user without one gives nothing back.
    const none = await post(user, RELEASE, range(date));
    expect(none).toMatchObject({ status: 200, body: { hasAssignedSlot: false, days: [] } });
    expect(await offered(user, date)).toEqual(['A-111']);
  });

  it('given back, is booked by another; then it cannot be taken back', async () => {
    const date = await day(5);
    const given = await quick.json<{ days: Entity[] }>(RELEASE, range(date));
    expect(given.days).toEqual([expect.objectContaining({ date, assignedDayState: 'GIVEN_BACK' })]);
    expect(await offered(user, date)).toEqual(['A-110', 'A-111']);
    const booked = await post(user, RESERVE, await bookingOn(user, date));
    expect(booked.status).toBe(200);
    const taken = await post(quick, TAKE_BACK, range(date));
    expect(taken.status).toBe(422);
    expect(taken.body).toMatchObject({ code: 'ASSIGNED_DAY_BOOKED', details: { dates: [date] } });
    const schedule = await quick.json<{ days: Entity[] }>(DAYS, {});
    expect(schedule.days.find((each) => each.date === date)).toMatchObject({ assignedDayState: 'BOOKED' });
  });

  it('is taken back while nobody booked it, and is its owner’s again', async () => {
    const date = await day(6);
    await quick.json(RELEASE, range(date));
    const back = await quick.json<{ days: Entity[] }>(TAKE_BACK, range(date));
    expect(back.days).toEqual([expect.objectContaining({ date, assignedDayState: 'EXPECTED' })]);
    expect(await offered(user, date)).toEqual(['A-111']);
  });

  it('lists the days given back in its owner’s copy of their data, and in nobody else’s', async () => {
    const date = await day(5);
    const releasesOf = async (caller: typeof quick) =>
      ((await (await caller.get('/personal-data')).json()) as { assignedSlotReleases: Entity[] })
        .assignedSlotReleases;
    const mine = await releasesOf(quick);
    const given = mine.find((row) => row.date === date);
    expect(given).toMatchObject({ parkingSlotName: expect.stringMatching(/^A-110 /) });
    expect(String(given?.ownerId)).toBe(quickId);
    expect(await releasesOf(user)).toEqual([]);
  });

  it('a day given back serves whoever waits for it, and mails them', async () => {
    const date = await day(7);
    // A-111 is a guest's: no slot is free for the user, the assigned one included.
    await takeSlot(db, 'A-111', date, '08:00', '18:00');
    const entry = await user.json<Entity>(
      JOIN,
      await requestOf(user, { date, startTime: '09:00:00', endTime: '10:00:00' }),
    );
    expect(entry.waitlistStatus).toBe('WAITING');
    await quick.json(RELEASE, range(date));
    await runAllJobs(server);
    const promoted = await sql<{ status: string; slot: string }>`SELECT w.waitlist_status AS status,
        s.name AS slot FROM waitlist_entries w JOIN reservations r ON r.id = w.reservation_id
        JOIN parking_slots s ON s.id = r.parking_slot_id WHERE w.id = ${entry.__identifier}::bigint`.execute(
      db,
    );
    expect(promoted.rows).toEqual([{ status: 'PROMOTED', slot: 'A-110' }]);
    const mails = await mailsTo(server.config.dataDir, 'user@parkhere.example');
    expect(mails.some((mail) => /A-110/.test(`${mail.subject} ${mail.text ?? ''}`))).toBe(true);
  });

  it('refuses a range before today, an end before its start, and one without a working day', async () => {
    const date = await day(8);
    expect((await post(quick, RELEASE, range('2020-01-06'))).status).toBe(400);
    expect((await post(quick, RELEASE, { startDate: date, endDate: '2020-01-06' })).status).toBe(400);
    expect(quickId).not.toBe('');
  });

  it('is assigned to nobody again when the administrators unset it, and is everybody’s', async () => {
    const date = await day(8);
    const [a111] = await admin.json<Entity[]>('/services/Actor/parkingSlots/~list', {
      name: [{ operator: 'equal', value: 'A-111' }],
    });
    const [adminUser] = await admin.json<Entity[]>('/services/ParkingSlotSettings/assignedTo/~range', {
      owner: a111,
      queryCustomizer: { _mask: '{email}', email: [{ operator: 'equal', value: 'admin@parkhere.example' }] },
    });
    const onA111 = withId(String(a111?.__signedIdentifier));
    await admin.json('/services/ParkingSlotSettings/~update/assignedTo/~set', adminUser, onA111);
    expect(await offered(user, date)).toEqual([]);
    await admin.json('/services/ParkingSlotSettings/~update/assignedTo/~unset', undefined, onA111);
    const [row] = await admin.json<Entity[]>('/services/Actor/parkingSlots/~list', {
      _mask: '{name,assignedTo{email}}',
      name: [{ operator: 'equal', value: 'A-111' }],
    });
    expect(row?.assignedTo ?? null).toBeNull();
    expect(await offered(user, date)).toEqual(['A-111']);
  });
});

/*
 * The race of the owner taking a day back and somebody booking it, on PostgreSQL (PGlite serves one connection
 * at a time): whichever commits first wins, and the other is refused; never both.
 */
describe.skipIf(process.env.DATABASE_URL === undefined)('taking back racing a booking', () => {
  it('a booking that waits for the taking back is refused (409 ASSIGNED_SLOT_TAKEN_BACK)', async () => {
    const date = await day(9);
    await quick.json(RELEASE, range(date));
    const body = await bookingOn(user, date);
    let sent: Promise<Answer> | undefined;
    await db.transaction().execute(async (tx) => {
      // The taking back's own statements, holding the given-back row until it commits.
      await sql`SELECT 1 FROM assigned_slot_releases WHERE date = ${date}::date FOR UPDATE`.execute(tx);
      await sql`DELETE FROM assigned_slot_releases WHERE date = ${date}::date`.execute(tx);
      sent = post(user, RESERVE, body);
      await Promise.race([sent, someoneWaitsForALock(db)]);
    });
    const answer = await (sent as Promise<Answer>);
    expect(answer.status).toBe(409);
    expect(codeOf(answer)).toBe('ASSIGNED_SLOT_TAKEN_BACK');
    const held = await sql<{ count: string }>`SELECT count(*) AS count FROM reservations r
      JOIN parking_slots s ON s.id = r.parking_slot_id
      WHERE s.name = 'A-110' AND r.date = ${date}::date AND r.reservation_status = 'ACTIVE'`.execute(db);
    expect(Number(held.rows[0]?.count)).toBe(0);
  });

  it('a taking back that waits for a booking of the day is refused (422 ASSIGNED_DAY_BOOKED)', async () => {
    const date = await day(10);
    await quick.json(RELEASE, range(date));
    const userId = await userIdOf(server, 'user@parkhere.example');
    let sent: Promise<Answer> | undefined;
    await db.transaction().execute(async (tx) => {
      // A booking's insert, whose trigger holds the given-back row (KEY SHARE) until it commits.
      await sql`INSERT INTO reservations (owner_id, parking_slot_id, date, start_time, end_time, during,
          reservation_type, created_by)
        SELECT ${userId}::bigint, s.id, ${date}::date, '09:00', '10:00',
          tstzrange((${date}::date + time '09:00') AT TIME ZONE 'Europe/Budapest',
            (${date}::date + time '10:00') AT TIME ZONE 'Europe/Budapest', '[)'),
          'NORMAL', 'user@parkhere.example'
        FROM parking_slots s WHERE s.name = 'A-110'`.execute(tx);
      sent = post(quick, TAKE_BACK, range(date));
      await Promise.race([sent, someoneWaitsForALock(db)]);
    });
    const answer = await (sent as Promise<Answer>);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ code: 'ASSIGNED_DAY_BOOKED', details: { dates: [date] } });
    const given = await sql<{ count: string }>`SELECT count(*) AS count FROM assigned_slot_releases
      WHERE date = ${date}::date`.execute(db);
    expect(Number(given.rows[0]?.count)).toBe(1);
  });
});
