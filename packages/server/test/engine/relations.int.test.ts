import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedReservations } from '../../src/modules/reservations/seed-reservations.ts';
import { withId } from '../client.ts';
import { movableClock, seedHoliday, userIdOf, worldOfFile } from '../world.ts';

type Entity = Record<string, unknown> & { __signedIdentifier: string; __identifier: string };

// A fixed morning: the arrivals below are still to come on it, whatever the hour the suite runs at.
const TODAY = '2026-12-07';
const time = movableClock(`${TODAY}T08:00:00+01:00`);

const { server, admin, user, quick, doorman } = await worldOfFile({
  clock: time.clock,
  users: ['admin', 'user', 'quick', 'doorman'],
  holidays: [
    { owner: 'user@parkhere.example', start: '2099-07-01', end: '2099-07-10' },
    { owner: 'user@parkhere.example', start: '2000-07-01', end: '2000-07-10' },
    { owner: 'quick@parkhere.example', start: '2099-08-01', end: '2099-08-02' },
  ],
});

beforeAll(async () => {
  // Today's arrivals: one in the doorman's garage, one elsewhere.
  const slotIn = (garage: string) =>
    sql`(SELECT s.id FROM parking_slots s JOIN parking_garages g ON g.id = s.parking_garage_id
      WHERE g.name = ${garage} AND NOT s.is_exclusive ORDER BY s.id LIMIT 1)`;
  for (const [email, garage] of [
    ['user@parkhere.example', 'HQ Garage'],
    ['admin@parkhere.example', 'Riverside Garage'],
  ] as const) {
    await seedReservations(
      server.app.database.db,
      sql`SELECT ${await userIdOf(server, email)}::bigint AS owner_id, ${slotIn(garage)} AS parking_slot_id,
          ${TODAY}::date AS date, '09:00'::time AS start_time, '10:00'::time AS end_time,
          'QUICK'::reservation_type AS reservation_type`,
    );
  }
  await seedReservations(
    server.app.database.db,
    sql`SELECT ${await userIdOf(server, 'admin@parkhere.example')}::bigint AS owner_id,
        (SELECT s.id FROM parking_slots s JOIN parking_garages g ON g.id = s.parking_garage_id
          WHERE g.name = 'HQ Garage' AND NOT s.is_exclusive ORDER BY s.id OFFSET 1 LIMIT 1) AS parking_slot_id,
        ${TODAY}::date AS date, '09:30'::time AS start_time, '10:00'::time AS end_time,
        'GUEST'::reservation_type AS reservation_type,
        'Greta Guest' AS guest_name, 'greta@example.com' AS guest_email, 'GST-001' AS guest_license_plate`,
  );
});

describe('holidays', () => {
  it('lists the actor’s own holidays through their panels', async () => {
    const panel = await user.json<{ holidays: Entity[] }>('/services/Actor/userHolidays/~get', {
      _mask: '{holidays{startDate,endDate,isNotDeletable}}',
    });
    expect(panel.holidays.map((holiday) => holiday.startDate)).toEqual(['2000-07-01', '2099-07-01']);
    const upcoming = await user.json<Entity[]>('/services/UserReservationPanel/holidays/~list', {});
    expect(upcoming.map((holiday) => holiday.startDate)).toEqual(['2099-07-01']);
  });

  it('deletes an own future holiday, not a past one, never someone else’s', async () => {
    const panel = await user.json<{ holidays: Entity[] }>('/services/Actor/userHolidays/~get', {
      _mask: '{holidays{startDate}}',
    });
    const [past, future] = panel.holidays as [Entity, Entity];
    expect(past.__deleteable).toBe(false);
    const refused = await user.post(
      '/services/Holiday/deleteHoliday',
      undefined,
      withId(past.__signedIdentifier),
    );
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ code: 'NOT_VALID_DATA' });
    const theirs = await quick.post(
      '/services/Holiday/deleteHoliday',
      undefined,
      withId(future.__signedIdentifier),
    );
    expect(theirs.status).toBe(404);
    expect(
      (await user.post('/services/Holiday/deleteHoliday', undefined, withId(future.__signedIdentifier)))
        .status,
    ).toBe(200);
    expect(
      (await admin.post('/services/Holiday/deleteHoliday', undefined, withId(past.__signedIdentifier)))
        .status,
    ).toBe(200);
  });

  it('deletes an own holiday that is under way: a user back early ends it (only ended ones are history)', async () => {
    const day = (offset: number) =>
      new Date(time.clock().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    await seedHoliday(server.db, { owner: 'user@parkhere.example', start: day(-2), end: day(2) });
    const panel = await user.json<{ holidays: Entity[] }>('/services/Actor/userHolidays/~get', {
      _mask: '{holidays{startDate,isNotDeletable}}',
    });
    const current = panel.holidays.find((holiday) => holiday.startDate === day(-2)) as Entity;
    expect(current).toMatchObject({ isNotDeletable: false, __deleteable: true });
    const deleted = await user.post(
      '/services/Holiday/deleteHoliday',
      undefined,
      withId(current.__signedIdentifier),
    );
    expect(deleted.status).toBe(200);
    const after = await user.json<{ holidays: Entity[] }>('/services/Actor/userHolidays/~get', {
      _mask: '{holidays{startDate}}',
    });
    expect(after.holidays.map((holiday) => holiday.startDate)).not.toContain(day(-2));
  });
});

describe('relation updates', () => {
  it('sets, adds and removes garages of a user with __selected in the range', async () => {
    const [target] = await admin.json<Entity[]>('/services/Actor/users/~list', {
      email: [{ operator: 'equal', value: 'quick@parkhere.example' }],
    });
    if (target === undefined) {
      throw new Error('quick missing');
    }
    const garages = async () =>
      admin.json<Entity[]>(
        '/services/UserSettings/accessedParkingGarages/~list',
        {},
        withId(target.__signedIdentifier),
      );
    const range = await admin.json<Entity[]>(
      '/services/UserSettings/accessedParkingGarages/~range',
      { owner: target, queryCustomizer: {} },
      { 'X-Judo-MarkSelectedRangeItems': 'true' },
    );
    expect(range.map((garage) => garage.__selected)).toEqual([true, false]);
    const [hq, riverside] = range as [Entity, Entity];
    const path = '/services/UserSettings/~update/accessedParkingGarages';
    expect((await admin.post(`${path}/~add`, [riverside], withId(target.__signedIdentifier))).status).toBe(
      200,
    );
    expect((await garages()).map((garage) => garage.name)).toEqual(['HQ Garage', 'Riverside Garage']);
    expect((await admin.post(`${path}/~remove`, [hq], withId(target.__signedIdentifier))).status).toBe(200);
    expect((await garages()).map((garage) => garage.name)).toEqual(['Riverside Garage']);
    expect((await admin.post(`${path}/~set`, [hq], withId(target.__signedIdentifier))).status).toBe(200);
    expect((await garages()).map((garage) => garage.name)).toEqual(['HQ Garage']);
    const forged = await admin.post(
      `${path}/~add`,
      [{ __signedIdentifier: 'x.y.z' }],
      withId(target.__signedIdentifier),
    );
    expect(await forged.json()).toEqual([
      expect.objectContaining({ code: 'INVALID_IDENTIFIER', location: '[0].__signedIdentifier' }),
    ]);
    // A user's settings are administrators' alone: 403 before the identifier is read.
    expect((await user.post(`${path}/~add`, [riverside], withId(target.__signedIdentifier))).status).toBe(
      403,
    );
  });

  it('creates a slot inside a garage: the garage is the owner of the call, not a field of the body', async () => {
    // Last by name, so the tests that take the first garage still find a demo one.
    const garage = await admin.json<Entity>('/services/Actor/~update/parkingGarages/~create', {
      name: 'Zeta Relation Garage',
    });
    const [hq] = await admin.json<Entity[]>('/services/Actor/parkingGarages/~list', {
      name: [{ operator: 'equal', value: 'HQ Garage' }],
    });
    const path = '/services/ParkingGarageSettings/~update/parkingSlots';
    const inGarage = withId(garage.__signedIdentifier);

    const checked = await admin.post(`${path}/~validate`, { name: 'Z-1', floor: -1 }, inGarage);
    expect(checked.status).toBe(200);
    const slot = await admin.json<Entity>(`${path}/~create`, { name: 'Z-1', floor: -1 }, inGarage);
    expect(slot).toMatchObject({ name: 'Z-1', floor: -1, aggregaredName: 'Z-1 / -1 (Zeta Relation Garage)' });
    // A garage named in the body does not move the new slot out of the garage it is created in.
    const other = await admin.json<Entity>(
      `${path}/~create`,
      { name: 'Z-2', floor: 0, parkingGarage: hq },
      inGarage,
    );
    expect(other).toMatchObject({ aggregaredName: 'Z-2 / 0 (Zeta Relation Garage)' });
    const listed = await admin.json<Entity[]>(
      '/services/ParkingGarageSettings/parkingSlots/~list',
      { _mask: '{name,parkingGarage{name}}' },
      inGarage,
    );
    expect(listed.map((item) => [item.name, (item.parkingGarage as Entity).name])).toEqual([
      ['Z-1', 'Zeta Relation Garage'],
      ['Z-2', 'Zeta Relation Garage'],
    ]);

    // The slot's own rules still hold: a name, and one not taken in this garage.
    const nameless = await admin.post(`${path}/~create`, { floor: 0 }, inGarage);
    expect(nameless.status).toBe(400);
    expect(await nameless.json()).toEqual([
      expect.objectContaining({ code: 'MISSING_REQUIRED_ATTRIBUTE', location: 'name' }),
    ]);
    const taken = await admin.post(`${path}/~create`, { name: 'Z-1', floor: 3 }, inGarage);
    expect(taken.status).toBe(400);
    expect(await taken.json()).toEqual([expect.objectContaining({ code: 'UNIQUE_CONSTRAINT_VIOLATED' })]);
    // Only administrators change garages: everyone else is refused whatever garage they name.
    expect((await user.post(`${path}/~create`, { name: 'Z-3', floor: 0 }, inGarage)).status).toBe(403);
  });

  it('offers a draft reservation form the user’s own unarchived cars', async () => {
    const cars = await user.json<Entity[]>('/services/ReservationInput/car/~range', {
      owner: { reservationType: 'NORMAL' },
      queryCustomizer: { _mask: '{licensePlate}' },
    });
    expect(cars.map((car) => car.licensePlate).sort()).toEqual(['ABC-123', 'XYZ-789']);
    const users = await user.json<Entity[]>('/services/ReservationInput/user/~range', { owner: {} });
    expect(users).toHaveLength(1);
  });

  it('deletes what may be deleted and refuses what is still referenced', async () => {
    const [day] = await admin.json<Entity[]>('/services/ConfigurationSettings/additionalDays/~list', {
      _seek: { limit: 1 },
    });
    expect(
      (
        await admin.post(
          '/services/AdditionalDay/~delete',
          undefined,
          withId(String(day?.__signedIdentifier)),
        )
      ).status,
    ).toBe(200);
    const [garage] = await admin.json<Entity[]>('/services/Actor/parkingGarages/~list', {
      _seek: { limit: 1 },
    });
    const referenced = await admin.post(
      '/services/ParkingGarageSettings/~delete',
      undefined,
      withId(String(garage?.__signedIdentifier)),
    );
    expect(referenced.status).toBe(400);
    expect(await referenced.json()).toEqual([
      expect.objectContaining({ code: 'REFERENCE_CONSTRAINT_VIOLATED' }),
    ]);
  });

  it('maps a regular expression PostgreSQL refuses to 400 on the filter', async () => {
    const response = await admin.post('/services/Actor/parkingSlots/~list', {
      name: [{ operator: 'matches', value: '\\p{L}' }],
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual([
      expect.objectContaining({ code: 'CONVERSION_FAILED', location: 'name[0].value' }),
    ]);
  });
});

describe('doorman arrivals', () => {
  it('shows a doorman today’s arrivals of their garages only', async () => {
    const arrivals = await doorman.json<{ arrivals: Entity[]; garages: Entity[] }>(
      '/services/Actor/doormanArrivals/~get',
      { _mask: '{date,arrivals{reserverName,parkingSlotInformation,reserverCarId},garages{name}}' },
    );
    expect(arrivals.garages.map((garage) => garage.name)).toEqual(['HQ Garage']);
    // Guests first, then by start time.
    expect(arrivals.arrivals.map((arrival) => arrival.reserverName)).toEqual(['Greta Guest', 'Ulrich User']);
    const listed = await doorman.json<Entity[]>('/services/DoormanArrivals/arrivals/~list', {});
    expect(listed.map((arrival) => arrival.reserverCarId)).toEqual(['GST-001', null]);
    const [, arrival] = arrivals.arrivals;
    const seen = await doorman.post(
      '/services/UserReservation/~get',
      {},
      withId(String(arrival?.__signedIdentifier)),
    );
    expect(seen.status).toBe(200);
    expect(
      (await quick.post('/services/UserReservation/~get', {}, withId(String(arrival?.__signedIdentifier))))
        .status,
    ).toBe(404);
    expect((await user.post('/services/Actor/doormanArrivals/~get', {})).status).toBe(403);
  });
});
