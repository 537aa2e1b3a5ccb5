import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type Requests, withId } from '../client.ts';
import { drawInHqOnly } from '../draw/seed-draw.ts';
import { runAllJobs } from '../jobs/inspect.ts';
import { type Entity, freeSlotNames, partiesOf, racers } from '../reservations/forms.ts';
import { JOIN, onlySlots, requestOf, slotSettingsOf } from '../waitlist/waitlist.ts';
import { movableClock, seedDrawRequest, worldOfFile } from '../world.ts';

/*
 * [Pools] Who may take which slot, over the API: a group's pool (A-110 is the Engineering group's, released at 14:00
 * the working day before), an accessible slot and a slot with a charger, in the free-slot
 * range, the create, the waitlist's join and promotion, and the fair draw. The clock stands on Monday
 * 2026-12-07 at 08:00 in Budapest: Wednesday the 9th's pool is released on Tuesday at 14:00.
 */

const time = movableClock('2026-12-07T08:00:00+01:00');
const { server, admin, user } = await worldOfFile({
  clock: time.clock,
  jobs: { poll: false },
  users: ['admin', 'user'],
});
const db = server.db;
const [memberRacer] = await racers(server, 'member', 1, 'A-110');
const member = memberRacer?.caller as Requests;
const MEMBER = 'member-0@parkhere.example';

const WED = '2026-12-09';
const THU = '2026-12-10';
const FRI = '2026-12-11';
const RESERVE = '/services/UserReservationPanel/reservation';

/** The administrators' slot `name` of HQ Garage. */
const slotSettings = (name: string) => slotSettingsOf(admin, name);

const updateSlot = async (name: string, values: Record<string, unknown>) =>
  admin.json<Entity>(
    '/services/ParkingSlotSettings/~update',
    values,
    withId((await slotSettings(name)).__signedIdentifier, {
      'X-Judo-Mask': `{${Object.keys(values).join(',')}}`,
    }),
  );

// The Engineering group (the demo data has an IT group of its own), the member its only member, and its pool:
//
const GROUP = 'Engineering';
const [memberForGroup] = await admin.json<Entity[]>('/services/GroupSettings/members/~range', {
  owner: {},
  queryCustomizer: { email: [{ operator: 'equal', value: MEMBER }] },
});
const itGroup = await admin.json<Entity>('/services/Actor/~update/groups/~create', {
  name: GROUP,
  members: [memberForGroup],
});
const [poolChoice] = await admin.json<Entity[]>('/services/ParkingSlotSettings/reservedForGroup/~range', {
  owner: await slotSettings('A-110'),
  queryCustomizer: { name: [{ operator: 'equal', value: GROUP }] },
});
expect(poolChoice?.__identifier).toBe(itGroup.__identifier);
await admin.json(
  '/services/ParkingSlotSettings/~update/reservedForGroup/~set',
  poolChoice,
  withId((await slotSettings('A-110')).__signedIdentifier),
);
await updateSlot('A-111', { isAccessible: true });
await updateSlot('A-112', { hasCharger: true });

const draft = async (caller: Requests, date: string) => {
  const { user: self, car } = await partiesOf(caller, 'A-1');
  return { user: self, car, reservationType: 'NORMAL', date, startTime: '09:00:00', endTime: '17:00:00' };
};

const attempt = async (caller: Requests, date: string, slotName: string) => {
  const { parkingSlot } = await partiesOf(admin, slotName);
  const answer = await caller.answer({
    method: 'POST',
    path: RESERVE,
    body: { ...(await draft(caller, date)), parkingSlot },
  });
  return { status: answer.status, body: answer.body as Record<string, unknown> };
};

describe('a group’s pool', () => {
  it('shows its slot to members at any time, to others from its release', async () => {
    expect(await freeSlotNames(member, await draft(member, WED))).toContain('A-110');
    expect(await freeSlotNames(user, await draft(user, WED))).not.toContain('A-110');
    // The slot the users see names its group.
    const [seen] = await member.json<Entity[]>('/services/ReservationInput/parkingSlot/~range', {
      owner: await draft(member, WED),
      queryCustomizer: {
        aggregaredName: [{ operator: 'like', value: 'A-110 %' }],
        _mask: '{aggregaredName,poolGroupName,isAccessible,hasCharger}',
      },
    });
    expect(seen).toMatchObject({ poolGroupName: GROUP, isAccessible: false, hasCharger: false });
    time.set('2026-12-08T13:59:00+01:00');
    expect(await freeSlotNames(user, await draft(user, WED))).not.toContain('A-110');
    time.set('2026-12-08T14:00:00+01:00');
    expect(await freeSlotNames(user, await draft(user, WED))).toContain('A-110');
    time.set('2026-12-07T08:00:00+01:00');
  });

  it('refuses a non-member’s create before the release, naming the group and the moment', async () => {
    expect(await attempt(user, WED, 'A-110')).toEqual({
      status: 422,
      body: expect.objectContaining({
        code: 'SLOT_IN_POOL',
        details: { group: GROUP, releaseAt: '2026-12-08T13:00:00.000Z' },
      }),
    });
    const made = await attempt(member, WED, 'A-110');
    expect(made.status).toBe(200);
  });
});

describe('accessible and charging slots', () => {
  it('keep an accessible slot for permit holders, which administrators grant', async () => {
    expect(await freeSlotNames(user, await draft(user, WED))).not.toContain('A-111');
    expect(await attempt(user, WED, 'A-111')).toMatchObject({
      status: 422,
      body: { code: 'SLOT_FOR_PERMIT_HOLDERS', details: { releaseAt: '2026-12-09T07:30:00.000Z' } },
    });
    const [row] = await admin.json<Entity[]>('/services/Actor/users/~list', {
      email: [{ operator: 'equal', value: 'user@parkhere.example' }],
    });
    await admin.json(
      '/services/UserSettings/~update',
      { hasAccessibilityPermit: true },
      withId((row as Entity).__signedIdentifier, { 'X-Judo-Mask': '{hasAccessibilityPermit}' }),
    );
    expect(await freeSlotNames(user, await draft(user, WED))).toContain('A-111');
    // The permit is the administrators' and the user's own to see: nobody else reads it.
    const profile = await user.json<Entity>('/services/Actor/profileSettings/~get', {});
    expect(profile.hasAccessibilityPermit).toBe(true);
    expect(
      (await member.answer({ method: 'POST', path: '/services/Actor/users/~list', body: {} })).status,
    ).toBe(403);
    const others = await member.json<Entity[]>('/services/Actor/usersForInput/~list', {});
    expect(others.map((each) => each.email)).toEqual([MEMBER]);
    expect(others[0]).not.toHaveProperty('hasAccessibilityPermit');
    const memberProfile = await member.json<Entity>('/services/Actor/profileSettings/~get', {});
    expect(memberProfile.hasAccessibilityPermit).toBe(false);
  });

  it('keep a charging slot for electric cars', async () => {
    expect(await freeSlotNames(member, await draft(member, WED))).not.toContain('A-112');
    expect(await attempt(member, THU, 'A-112')).toMatchObject({
      status: 422,
      body: { code: 'SLOT_FOR_ELECTRIC_CARS' },
    });
    const { car } = await partiesOf(member, 'A-1');
    await member.json(
      '/services/Car/~update',
      { isElectric: true },
      withId((car as Entity).__signedIdentifier, { 'X-Judo-Mask': '{isElectric}' }),
    );
    expect(await freeSlotNames(member, await draft(member, THU))).toContain('A-112');
  });
});

describe('the waitlist and the draw', () => {
  it('a slot the request may not take neither refuses the join nor is promoted to', async () => {
    await onlySlots(db, ['A-110', 'A-113']);
    const taken = await attempt(member, THU, 'A-113');
    expect(taken.status).toBe(200);
    // A-110 is free, but the Engineering group's until Wednesday 14:00: the user may wait.
    const joined = await user.answer({
      method: 'POST',
      path: JOIN,
      body: await requestOf(user, { date: THU, startTime: '09:00:00', endTime: '17:00:00' }),
    });
    expect(joined.status).toBe(200);
    const [reservation] = taken.body as unknown as Entity[];
    await member.json(
      '/services/UserReservation/deleteReservation',
      undefined,
      withId((reservation as Entity).__signedIdentifier),
    );
    await runAllJobs(server);
    const held = await sql<{ slot: string }>`SELECT s.name AS slot FROM reservations r
      JOIN parking_slots s ON s.id = r.parking_slot_id JOIN users u ON u.id = r.owner_id
      WHERE u.email = 'user@parkhere.example' AND r.date = ${THU}::date AND r.reservation_status = 'ACTIVE'`.execute(
      db,
    );
    expect(held.rows).toEqual([{ slot: 'A-113' }]);
  });

  it('a car made electric is served a free charging slot it waited beside', async () => {
    await onlySlots(db, ['A-112']);
    const joined = await user.answer({
      method: 'POST',
      path: JOIN,
      body: await requestOf(user, { date: FRI, startTime: '09:00:00', endTime: '17:00:00' }),
    });
    expect(joined.status).toBe(200);
    await runAllJobs(server);
    const { car } = await partiesOf(user, 'A-1');
    await user.json(
      '/services/Car/~update',
      { isElectric: true },
      withId((car as Entity).__signedIdentifier, { 'X-Judo-Mask': '{isElectric}' }),
    );
    await runAllJobs(server);
    const held = await sql<{ slot: string }>`SELECT s.name AS slot FROM reservations r
      JOIN parking_slots s ON s.id = r.parking_slot_id JOIN users u ON u.id = r.owner_id
      WHERE u.email = 'user@parkhere.example' AND r.date = ${FRI}::date AND r.reservation_status = 'ACTIVE'`.execute(
      db,
    );
    expect(held.rows).toEqual([{ slot: 'A-112' }]);
  });

  it('the draw gives a pool slot to a member, not to a non-member drawn first', async () => {
    await onlySlots(db, ['A-110']);
    await drawInHqOnly(db, ['driver1@parkhere.example']);
    await seedDrawRequest(db, {
      owner: 'driver1@parkhere.example',
      garage: 'HQ Garage',
      date: FRI,
      start: '09:00',
      end: '17:00',
    });
    await seedDrawRequest(db, {
      owner: MEMBER,
      garage: 'HQ Garage',
      date: FRI,
      start: '09:00',
      end: '17:00',
    });
    // Friday's cut-off: Wednesday 14:00; its pool is released only on Thursday.
    time.set('2026-12-09T14:00:00+01:00');
    await runAllJobs(server);
    const drawn = await sql<{ owner: string; slot: string }>`SELECT u.email AS owner, s.name AS slot
      FROM reservations r JOIN parking_slots s ON s.id = r.parking_slot_id JOIN users u ON u.id = r.owner_id
      WHERE r.date = ${FRI}::date AND r.reservation_status = 'ACTIVE'
        AND u.email IN (${MEMBER}, 'driver1@parkhere.example')`.execute(db);
    expect(drawn.rows).toEqual([{ owner: MEMBER, slot: 'A-110' }]);
  });
});
