import { describe, expect, it } from 'vitest';
import { worldOfFile } from '../world.ts';

type Entity = Record<string, unknown> & { __signedIdentifier: string; __identifier: string };

const slots = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  admin.json<Entity[]>('/services/Actor/parkingSlots/~list', body, headers);
const names = (items: Entity[]) => items.map((item) => item.name);

const { admin, user } = await worldOfFile({ users: ['admin', 'user'] });

describe('filters', () => {
  it('applies every operator kind in SQL', async () => {
    const all = await slots({ _mask: '{name,floor,isExclusive,isActive,nextToWall,aggregaredName}' });
    expect(all.length).toBeGreaterThan(50);
    const check = async (filter: Record<string, unknown>, predicate: (slot: Entity) => boolean) => {
      const filtered = await slots({
        _mask: '{name,floor,isExclusive,isActive,nextToWall,aggregaredName}',
        ...filter,
      });
      expect(names(filtered).sort(), JSON.stringify(filter)).toEqual(names(all.filter(predicate)).sort());
    };
    await check({ name: [{ operator: 'equal', value: 'A-105' }] }, (slot) => slot.name === 'A-105');
    await check({ name: [{ operator: 'notEqual', value: 'A-105' }] }, (slot) => slot.name !== 'A-105');
    await check({ name: [{ operator: 'like', value: 'b-%' }] }, (slot) => String(slot.name).startsWith('B-'));
    await check({ aggregaredName: [{ operator: 'like', value: '%riverSIDE%' }] }, (slot) =>
      String(slot.aggregaredName).includes('Riverside'),
    );
    await check({ name: [{ operator: 'matches', value: '^A-1[0-1]' }] }, (slot) =>
      /^A-1[0-1]/.test(String(slot.name)),
    );
    await check({ name: [{ operator: 'greaterOrEqual', value: 'B-' }] }, (slot) => String(slot.name) >= 'B-');
    await check({ name: [{ operator: 'isNotEmpty' }] }, () => true);
    await check({ name: [{ operator: 'isEmpty' }] }, () => false);
    await check({ floor: [{ operator: 'lessThan', value: -1 }] }, (slot) => Number(slot.floor) < -1);
    await check(
      {
        floor: [
          { operator: 'greaterOrEqual', value: -1 },
          { operator: 'lessOrEqual', value: 0 },
        ],
      },
      (slot) => Number(slot.floor) >= -1 && Number(slot.floor) <= 0,
    );
    await check({ isExclusive: [{ operator: 'equals', value: true }] }, (slot) => slot.isExclusive === true);
    await check({ isActive: [{ operator: 'notEqual', value: true }] }, (slot) => slot.isActive !== true);
    await check(
      { nextToWall: [{ operator: 'equal', value: false }], floor: [{ operator: 'equal', value: 1 }] },
      (slot) => slot.nextToWall === false && slot.floor === 1,
    );
  });

  it('filters dates and enumerations', async () => {
    const days = await admin.json<Entity[]>('/services/ConfigurationSettings/additionalDays/~list', {
      day: [{ operator: 'greaterThan', value: '2026-01-05' }],
      typeOfDay: [{ operator: 'equal', value: 'WORK' }],
    });
    expect(days.length).toBeGreaterThan(0);
    expect(days.every((day) => String(day.day) > '2026-01-05' && day.typeOfDay === 'WORK')).toBe(true);
  });

  it('answers 400 for an enumeration filter without values (SPEC §3), not every row', async () => {
    const response = await admin.post('/services/ConfigurationSettings/additionalDays/~list', {
      typeOfDay: [],
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual([
      expect.objectContaining({ code: 'MISSING_REQUIRED_ATTRIBUTE', location: 'typeOfDay' }),
    ]);
  });

  it('answers 400 for a bad mask, an unknown operator, a bad date and a bad regular expression', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ _mask: '{name,nope}' }, 'INVALID_QUERY_MASK', '_mask'],
      [{ _mask: '{name' }, 'INVALID_QUERY_MASK', '_mask'],
      [{ name: [{ operator: 'near', value: 'x' }] }, 'UNKNOWN_OPERATOR', 'name[0].operator'],
      [{ floor: [{ operator: 'like', value: 1 }] }, 'UNKNOWN_OPERATOR', 'floor[0].operator'],
      [{ floor: [{ operator: 'equal', value: 'one' }] }, 'CONVERSION_FAILED', 'floor[0].value'],
      [{ colour: [{ operator: 'equal', value: 'red' }] }, 'UNKNOWN_ATTRIBUTE', 'colour'],
      [{ name: [{ operator: 'matches', value: '(' }] }, 'CONVERSION_FAILED', 'name[0].value'],
      [{ _orderBy: [{ attribute: 'secret' }] }, 'UNKNOWN_ATTRIBUTE', '_orderBy[0].attribute'],
      [{ _seek: { limit: 0 } }, 'CONVERSION_FAILED', '_seek.limit'],
    ];
    for (const [body, code, location] of cases) {
      const response = await admin.post('/services/Actor/parkingSlots/~list', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json(), JSON.stringify(body)).toEqual([
        expect.objectContaining({ code, location }),
      ]);
    }
    const badDate = await admin.post('/services/ConfigurationSettings/additionalDays/~list', {
      day: [{ operator: 'equal', value: '2026-02-30' }],
    });
    expect(await badDate.json()).toEqual([
      expect.objectContaining({ code: 'CONVERSION_FAILED', location: 'day[0].value' }),
    ]);
  });
});

describe('ordering and keyset paging', () => {
  const order = [{ attribute: 'floor', descending: true }, { attribute: 'nextToWall' }];

  it('orders ascending and descending with id breaking ties', async () => {
    const ordered = await slots({ _mask: '{floor,nextToWall}', _orderBy: order });
    for (let index = 1; index < ordered.length; index += 1) {
      const [previous, current] = [ordered[index - 1] as Entity, ordered[index] as Entity];
      const key = (slot: Entity): [number, number, number] => [
        -Number(slot.floor),
        slot.nextToWall ? 1 : 0,
        Number(slot.__identifier),
      ];
      const [a, b] = [key(previous), key(current)];
      const before = a[0] !== b[0] ? a[0] < b[0] : a[1] !== b[1] ? a[1] < b[1] : a[2] < b[2];
      expect(before, `${index}`).toBe(true);
    }
  });

  it('pages forward and backward without gaps or repeats, with the count header', async () => {
    const everything = await slots({ _mask: '{name}', _orderBy: order });
    const pages: Entity[][] = [];
    let lastItem: Entity | undefined;
    for (;;) {
      const response = await admin.post(
        '/services/Actor/parkingSlots/~list',
        { _mask: '{name}', _orderBy: order, _seek: { limit: 7, ...(lastItem ? { lastItem } : {}) } },
        { 'X-Judo-CountRecords': 'true' },
      );
      expect(response.headers.get('x-judo-count')).toBe(String(everything.length));
      const page = (await response.json()) as Entity[];
      if (page.length === 0) {
        break;
      }
      pages.push(page);
      lastItem = page.at(-1);
    }
    expect(pages.flat().map((slot) => slot.__identifier)).toEqual(
      everything.map((slot) => slot.__identifier),
    );
    const third = pages[2] as Entity[];
    const back = await slots({
      _mask: '{name}',
      _orderBy: order,
      _seek: { limit: 7, lastItem: third[0], reverse: true },
    });
    expect(back.map((slot) => slot.__identifier)).toEqual(
      (pages[1] as Entity[]).map((slot) => slot.__identifier),
    );
  });

  it('pages over a nullable derived attribute', async () => {
    const everything = await slots({ _mask: '{name}', _orderBy: [{ attribute: 'name', descending: true }] });
    const first = await slots({
      _mask: '{name}',
      _orderBy: [{ attribute: 'name', descending: true }],
      _seek: { limit: 10 },
    });
    const second = await slots({
      _mask: '{name}',
      _orderBy: [{ attribute: 'name', descending: true }],
      _seek: { limit: 10, lastItem: first.at(-1) },
    });
    expect([...first, ...second].map((slot) => slot.name)).toEqual(
      everything.slice(0, 20).map((slot) => slot.name),
    );
  });

  it('refuses a tampered last item', async () => {
    const [first] = await slots({ _seek: { limit: 1 } });
    const response = await admin.post('/services/Actor/parkingSlots/~list', {
      _seek: { limit: 1, lastItem: { ...first, __signedIdentifier: `${first?.__signedIdentifier}x` } },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual([
      expect.objectContaining({ code: 'INVALID_IDENTIFIER', location: '_seek.lastItem.__signedIdentifier' }),
    ]);
  });
});

describe('masks and look-ups', () => {
  it('nests relations in masks', async () => {
    const [garage] = await admin.json<Entity[]>('/services/Actor/parkingGarages/~list', {
      _mask: '{name,parkingSlots{name,floor},accessedUsers{email}}',
      _seek: { limit: 1 },
    });
    if (garage === undefined) {
      throw new Error('no garage');
    }
    const nested = garage.parkingSlots as Entity[];
    expect(nested.length).toBeGreaterThan(10);
    expect(typeof nested[0]?.floor).toBe('number');
    expect((garage.accessedUsers as Entity[]).length).toBeGreaterThan(0);
  });

  it('looks one entity up by _identifier', async () => {
    const [, second] = await slots({ _seek: { limit: 2 } });
    const [found] = await slots({
      _identifier: second?.__signedIdentifier,
      _mask: '{name}',
      _seek: { limit: 1 },
    });
    expect(found?.__identifier).toBe(second?.__identifier);
  });
});

describe('access points', () => {
  it('answers 403 to users on the administrators’ access points', async () => {
    for (const accessPoint of [
      'configurationSettings',
      'parkingGarages',
      'parkingSlots',
      'users',
      'reservationsAccess',
    ]) {
      const response = await user.post(`/services/Actor/${accessPoint}/~list`, {});
      expect(response.status, accessPoint).toBe(403);
      expect(await response.json()).toEqual({ code: 'PERMISSION_DENIED' });
    }
    expect((await user.post('/services/Actor/~update/parkingGarages/~create', { name: 'Mine' })).status).toBe(
      403,
    );
    expect((await user.post('/services/Actor/doormanArrivals/~get', {})).status).toBe(403);
  });

  it('shows users only themselves for input, administrators everyone', async () => {
    expect(await user.json<Entity[]>('/services/Actor/usersForInput/~list', {})).toHaveLength(1);
    expect((await admin.json<Entity[]>('/services/Actor/usersForInput/~list', {})).length).toBeGreaterThan(3);
  });

  it('creates garages and slots, with duplicates refused', async () => {
    const garage = await admin.json<Entity>('/services/Actor/~update/parkingGarages/~create', {
      name: 'North',
    });
    expect(garage).toMatchObject({
      name: 'North',
      isActive: true,
      __entityType: 'ParkHere::ParkingGarageSettings',
    });
    const duplicate = await admin.post('/services/Actor/~update/parkingGarages/~create', { name: 'north' });
    expect(duplicate.status).toBe(400);
    expect(await duplicate.json()).toEqual([
      expect.objectContaining({ code: 'UNIQUE_CONSTRAINT_VIOLATED', location: 'name' }),
    ]);
    const slot = await admin.json<Entity>('/services/Actor/~update/parkingSlots/~create', {
      name: 'N-1',
      floor: 0,
      parkingGarage: garage,
    });
    expect(slot).toMatchObject({ aggregaredName: 'N-1 / 0 (North)' });
    const missing = await admin.post('/services/Actor/~update/parkingSlots/~validate', {
      name: 'N-2',
      floor: 0,
    });
    expect(await missing.json()).toEqual([
      expect.objectContaining({ code: 'MISSING_REQUIRED_ATTRIBUTE', location: 'parkingGarage' }),
    ]);
  });
});

describe('configuration operations', () => {
  it('creates a day and a doorman, refusing duplicates', async () => {
    const day = await admin.json<Entity>('/services/ConfigurationSettings/createDay', {
      day: '2027-03-01',
      typeOfDay: 'HOLIDAY',
    });
    expect(day).toMatchObject({ __entityType: 'ParkHere::AdditionalDay', day: '2027-03-01' });
    const again = await admin.post('/services/ConfigurationSettings/createDay', {
      day: '2027-03-01',
      typeOfDay: 'HOLIDAY',
    });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual([
      expect.objectContaining({ code: 'UNIQUE_CONSTRAINT_VIOLATED', location: 'day' }),
    ]);
    const [garage] = await user.json<Entity[]>('/services/ProfileSettings/accessedParkingGarages/~list', {});
    const doorman = await admin.json<Entity>('/services/ConfigurationSettings/createDoorman', {
      name: 'Dora',
      email: 'dora@parkhere.example',
      accessedGarages: [garage],
    });
    expect(doorman).toMatchObject({ name: 'Dora' });
    const duplicate = await admin.post('/services/ConfigurationSettings/createDoorman', {
      name: 'Dora 2',
      email: 'DORA@parkhere.example',
    });
    expect(await duplicate.json()).toEqual([
      expect.objectContaining({ code: 'UNIQUE_CONSTRAINT_VIOLATED', location: 'email' }),
    ]);
    // The configuration is administrators' alone: everyone else is refused before anything is read.
    expect(
      (await user.post('/services/ConfigurationSettings/createDay', { day: '2027-03-06', typeOfDay: 'WORK' }))
        .status,
    ).toBe(403);
  });
});
