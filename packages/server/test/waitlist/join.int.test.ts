import { describe, expect, it } from 'vitest';
import { withId } from '../client.ts';
import type { Entity } from '../reservations/forms.ts';
import { seedReservation, seedWaitlistEntry, workingDayAfter, worldOfFile } from '../world.ts';
import { countRows, JOIN, onlySlots, requestOf, statusOf, takeSlot, waitlistOf } from './waitlist.ts';

/*
 * Joining and leaving the waitlist, and who sees it: HQ Garage narrowed to two slots, both
 * taken 09:00–12:00 on the next working days by the administrator, so those hours are full.
 */

const { server, admin, user, quick, doorman } = await worldOfFile({
  users: ['admin', 'user', 'quick', 'doorman'],
});
const db = server.db;
await onlySlots(db, ['A-103', 'A-104']);
const day1 = await workingDayAfter(server, 1);
const day2 = await workingDayAfter(server, 2);
const day3 = await workingDayAfter(server, 3);
for (const date of [day1, day2, day3]) {
  for (const slot of ['A-103', 'A-104']) {
    await takeSlot(db, slot, date, '09:00', '12:00');
  }
}

type Fault = { code: string; details?: { nextFreeSlot?: Entity } };

/** A join as `caller` (the user by default), answered whatever its status. */
const joinAnswer = (body: unknown, caller = user) => caller.answer({ method: 'POST', path: JOIN, body });

describe('joinWaitlist', () => {
  it('answers the entry with its position; the dashboard lists it, first come first served', async () => {
    const joined = await user.json<Entity>(
      JOIN,
      await requestOf(user, { date: day1, startTime: '09:00:00', endTime: '10:00:00' }),
    );
    expect(joined).toMatchObject({
      date: day1,
      startTime: '09:00:00',
      endTime: '10:00:00',
      reservationType: 'NORMAL',
      waitlistStatus: 'WAITING',
      position: 1,
      parkingGarageName: null,
      owner: 'Ulrich User',
    });
    // The administrator waits for an overlapping time after the user: second in line.
    const second = await admin.json<Entity>(
      JOIN,
      await requestOf(admin, { date: day1, startTime: '09:30:00', endTime: '11:00:00' }),
    );
    expect(second.position).toBe(2);
    expect((await waitlistOf(user)).map((entry) => entry.__identifier)).toEqual([joined.__identifier]);
    expect((await waitlistOf(admin)).map((entry) => entry.position)).toEqual([2]);
  });

  it('waits for a chosen garage of the user only', async () => {
    const [garage] = await user.json<Entity[]>('/services/ReservationInput/parkingGarage/~range', {
      owner: await requestOf(user, { date: day2, startTime: '09:00:00', endTime: '10:00:00' }),
      queryCustomizer: {},
    });
    expect(garage?.name).toBe('HQ Garage');
    const joined = await user.json<Entity>(JOIN, {
      ...(await requestOf(user, { date: day2, startTime: '09:00:00', endTime: '10:00:00' })),
      parkingGarage: garage,
    });
    expect(joined.parkingGarageName).toBe('HQ Garage');
    // Riverside Garage is not the user's: refused at the field, nothing written.
    const [riverside] = await admin.json<Entity[]>('/services/ReservationInput/parkingGarage/~range', {
      owner: await requestOf(admin, { date: day2, startTime: '09:00:00', endTime: '10:00:00' }),
      queryCustomizer: { name: [{ operator: 'equal', value: 'Riverside Garage' }] },
    });
    const before = await countRows(db, 'waitlist_entries');
    const refused = await joinAnswer({
      ...(await requestOf(user, { date: day3, startTime: '09:00:00', endTime: '10:00:00' })),
      parkingGarage: riverside,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual([
      expect.objectContaining({ location: 'parkingGarage', code: 'NOT_ACCEPTED_BY_RANGE' }),
    ]);
    expect(await countRows(db, 'waitlist_entries')).toBe(before);
  });

  it('refuses what need not or cannot wait, and writes nothing', async () => {
    const before = await countRows(db, 'waitlist_entries');
    const base = await requestOf(user, { date: day3, startTime: '10:00:00', endTime: '11:00:00' });

    // A LONG series is all or nothing.
    const long = await joinAnswer({ ...base, reservationType: 'LONG', endDate: day3 });
    expect(long.status).toBe(422);
    expect((long.body as Fault).code).toBe('WAITLIST_NOT_FOR_SERIES');

    // A free slot: book it instead; the answer names it as the form can pick it.
    const free = await joinAnswer({ ...base, startTime: '13:00:00', endTime: '14:00:00' });
    expect(free.status).toBe(422);
    expect((free.body as Fault).code).toBe('SLOT_AVAILABLE');
    expect((free.body as Fault).details?.nextFreeSlot).toMatchObject({
      __signedIdentifier: expect.any(String),
      aggregaredName: expect.stringMatching(/^A-103 /),
    });

    // Another user's identity: 404; a type the flags forbid: 422; the rules' field faults: 400.
    expect((await joinAnswer(base, quick)).status).toBe(404);
    const quickRequest = await requestOf(quick, { date: day3, startTime: '10:00:00', endTime: '11:00:00' });
    expect((await joinAnswer(quickRequest, quick)).status).toBe(422);
    expect((await joinAnswer({ ...base, date: '2020-01-06' })).status).toBe(400);
    expect((await joinAnswer({ ...base, endTime: '10:10:00' })).status).toBe(400);
    expect((await joinAnswer({ ...base, date: '' })).status).toBe(400);
    expect((await joinAnswer({ ...base, reservationType: 'GUEST', car: undefined })).status).toBe(400);
    const huge = 'x'.repeat(100_000);
    expect((await joinAnswer({ ...base, reservationType: 'GUEST', guestName: huge })).status).toBe(400);
    expect((await joinAnswer({ ...base, user: { __signedIdentifier: 'forged' } })).status).toBe(400);
    // The administrators' panel has no waitlist join; a doorman without a garage has nowhere to wait.
    expect((await admin.post('/services/ReservationsPanel/joinWaitlist', base)).status).toBe(404);
    const doormanRequest = await requestOf(doorman, {
      date: day1,
      startTime: '09:00:00',
      endTime: '10:00:00',
      reservationType: 'QUICK',
    });
    // Told that they have no garage (422 NO_GARAGE_ACCESS), before the missing car.
    const noGarage = await joinAnswer({ ...doormanRequest, car: undefined }, doorman);
    expect(noGarage.status).toBe(422);
    expect((noGarage.body as Fault).code).toBe('NO_GARAGE_ACCESS');
    expect(await countRows(db, 'waitlist_entries')).toBe(before);
  });

  it('a second wait for an overlapping time is 409 ALREADY_ON_WAITLIST; an own reservation then is 409 OVERLAPPING_RESERVATION', async () => {
    const request = await requestOf(user, { date: day3, startTime: '09:00:00', endTime: '10:00:00' });
    await user.json(JOIN, request);
    const twice = await joinAnswer({ ...request, startTime: '09:30:00', endTime: '10:30:00' });
    expect(twice.status).toBe(409);
    expect((twice.body as Fault).code).toBe('ALREADY_ON_WAITLIST');
    await seedReservation(db, {
      owner: 'user@parkhere.example',
      slot: 'A-103',
      date: day3,
      start: '13:00',
      end: '14:00',
    });
    await seedReservation(db, {
      owner: 'admin@parkhere.example',
      slot: 'A-104',
      date: day3,
      start: '13:00',
      end: '14:00',
    });
    const own = await joinAnswer({ ...request, startTime: '13:00:00', endTime: '14:00:00' });
    expect(own.status).toBe(409);
    expect((own.body as Fault).code).toBe('OVERLAPPING_RESERVATION');
  });
});

describe('leaveWaitlist', () => {
  const leave = (caller: typeof user, entry: Entity) =>
    caller.answer({
      method: 'POST',
      path: '/services/WaitlistEntry/leaveWaitlist',
      headers: withId(entry.__signedIdentifier),
    });

  it('the owner leaves their entry once; another user gets 404; an administrator may remove it', async () => {
    const entry = await user.json<Entity>(
      JOIN,
      await requestOf(user, { date: day2, startTime: '10:30:00', endTime: '11:30:00' }),
    );
    expect((await leave(quick, entry)).status).toBe(404);
    expect((await leave(doorman, entry)).status).toBe(404);
    expect((await leave(user, entry)).status).toBe(200);
    expect((await waitlistOf(user)).map((listed) => listed.__identifier)).not.toContain(entry.__identifier);
    // Twice: it is gone.
    expect((await leave(user, entry)).status).toBe(404);

    const again = await user.json<Entity>(
      JOIN,
      await requestOf(user, { date: day2, startTime: '10:30:00', endTime: '11:30:00' }),
    );
    expect((await leave(admin, again)).status).toBe(200);
  });

  it('an entry that is not waiting any more is 422 NOT_VALID_DATA', async () => {
    const entry = await user.json<Entity>(
      JOIN,
      await requestOf(user, { date: day2, startTime: '11:30:00', endTime: '12:00:00' }),
    );
    await db
      .updateTable('waitlistEntries')
      .set({ waitlistStatus: 'EXPIRED' })
      .where('id', '=', String(entry.__identifier))
      .execute();
    const refused = await leave(admin, entry);
    expect(refused.status).toBe(422);
    expect((refused.body as Fault).code).toBe('NOT_VALID_DATA');
    expect((await statusOf(db, String(entry.__identifier)))?.status).toBe('EXPIRED');
  });
});

describe('the administrators’ waitlist per day', () => {
  const adminList = async (caller: typeof user, date: string) => {
    const panel = await admin.json<Entity>('/services/Actor/reservationsAccess/~get', {});
    return caller.answer({
      method: 'POST',
      path: '/services/ReservationsPanel/waitlist/~list',
      body: { date: [{ operator: 'equal', value: date }] },
      headers: withId(panel.__signedIdentifier),
    });
  };

  it('lists a day’s entries of every user in order; users and doormen are refused', async () => {
    const day = await workingDayAfter(server, 4);
    await seedWaitlistEntry(db, {
      owner: 'quick@parkhere.example',
      date: day,
      start: '12:00',
      end: '13:00',
      type: 'QUICK',
    });
    await seedWaitlistEntry(db, { owner: 'user@parkhere.example', date: day, start: '09:00', end: '10:00' });
    await seedWaitlistEntry(db, { owner: 'admin@parkhere.example', date: day, start: '09:00', end: '10:00' });
    const listed = await adminList(admin, day);
    expect(listed.status).toBe(200);
    expect(
      (listed.body as Entity[]).map((entry) => [entry.owner, entry.startTime, entry.position, entry.date]),
    ).toEqual([
      ['Ulrich User', '09:00:00', 1, day],
      ['Ada Admin', '09:00:00', 2, day],
      ['Quentin Quick', '12:00:00', 1, day],
    ]);
    for (const caller of [user, quick, doorman]) {
      const refused = await adminList(caller, day);
      expect([403, 404]).toContain(refused.status);
      expect(JSON.stringify(refused.body)).not.toContain('Ulrich');
    }
    // Reached from the access point, users are refused outright.
    expect((await user.post('/services/Actor/reservationsAccess/~get', {})).status).toBe(403);
  });
});
