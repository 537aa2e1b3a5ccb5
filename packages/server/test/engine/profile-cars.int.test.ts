import { describe, expect, it } from 'vitest';
import { type Client, clientFor, update, withId } from '../client.ts';
import { worldOfFile } from '../world.ts';

type Entity = Record<string, unknown> & { __signedIdentifier: string; __version: number };

const { server, user, quick } = await worldOfFile({ users: ['user', 'quick'] });

const profile = (
  caller: Client = user,
  mask = '{name,email,startOfWorkingTime,endOfWorkingTime,cars{licensePlate,isFavorite,isArchived}}',
) => caller.json<Entity & { cars: Entity[] }>('/services/Actor/profileSettings/~get', { _mask: mask });

const cars = async (caller: Client = user) => (await profile(caller)).cars;

describe('profile settings', () => {
  it('answers the actor with metadata, formats and nested cars', async () => {
    const settings = await profile();
    expect(settings).toMatchObject({
      __entityType: 'ParkHere::ProfileSettings',
      __updateable: true,
      __deleteable: false,
      email: 'user@parkhere.example',
      startOfWorkingTime: '09:00:00',
    });
    expect(settings.cars.map((car) => car.licensePlate)).toEqual(['ABC-123', 'XYZ-789']);
    expect(settings.cars[0]).toMatchObject({ __entityType: 'ParkHere::Car', __deleteable: true });
    const again = await user.json<Entity>(
      '/services/ProfileSettings/~get',
      { _mask: '{name}' },
      withId(settings.__signedIdentifier),
    );
    expect(Object.keys(again)).not.toContain('email');
  });

  it('updates only what X-Judo-Mask names and refuses a stale version', async () => {
    const before = await profile();
    const updated = await user.json<Entity>(
      '/services/ProfileSettings/~update',
      { ...before, cars: undefined, name: 'Renamed User', startOfWorkingTime: '08:30:00' },
      withId(before.__signedIdentifier, { 'X-Judo-Mask': '{startOfWorkingTime}' }),
    );
    expect(updated).toMatchObject({
      name: before.name,
      startOfWorkingTime: '08:30:00',
      __version: before.__version + 1,
    });
    const stale = await update(user, 'ProfileSettings', before, {
      __version: before.__version,
      name: 'Late',
    });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ code: 'VERSION_CONFLICT' });
    expect((await profile()).name).toBe(before.name);
  });

  it('validates without writing', async () => {
    const before = await profile();
    const ok = await update(user, 'ProfileSettings', before, { name: 'Dry' }, '~validate');
    expect(ok.status).toBe(200);
    const bad = await user.post('/services/ProfileSettings/~validate', {
      name: null,
      startOfWorkingTime: '25:00',
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'MISSING_REQUIRED_ATTRIBUTE', location: 'name' }),
        expect.objectContaining({ code: 'CONVERSION_FAILED', location: 'startOfWorkingTime' }),
      ]),
    );
    expect((await profile()).name).toBe(before.name);
  });

  it('refuses malformed JSON, unknown attributes and over-long strings with nothing written', async () => {
    const before = await profile();
    const malformed = await update(user, 'ProfileSettings', before, '{"name":');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual([expect.objectContaining({ code: 'INVALID_JSON' })]);
    const unknown = await user.post('/services/ProfileSettings/~update', { nickname: 'x' });
    expect(await unknown.json()).toEqual([
      expect.objectContaining({ code: 'UNKNOWN_ATTRIBUTE', location: 'nickname' }),
    ]);
    const long = await user.post('/services/ProfileSettings/~update', { name: 'x'.repeat(256) });
    expect(await long.json()).toEqual([
      expect.objectContaining({ code: 'MAX_LENGTH_VALIDATION_FAILED', location: 'name' }),
    ]);
    const after = await profile();
    expect(after.__version).toBe(before.__version);
  });

  it('lists the accessed garages and slots, and the ID cards', async () => {
    const garages = await user.json<Entity[]>('/services/ProfileSettings/accessedParkingGarages/~list', {});
    expect(garages.map((garage) => garage.name)).toEqual(['HQ Garage']);
    const slots = await user.json<Entity[]>('/services/ProfileSettings/accessedParkingSlots/~list', {
      _mask: '{aggregaredName,isExclusive}',
    });
    expect(slots.length).toBeGreaterThan(10);
    expect(slots.every((slot) => slot.isExclusive === false)).toBe(true);
    const cards = await user.json<Entity[]>('/services/ProfileSettings/idCardsForParkingGarages/~list', {});
    expect(cards).toHaveLength(1);
  });
});

describe('preferred parking slot', () => {
  it('gets, ranges, sets and unsets', async () => {
    const current = await user.json<Entity>('/services/ProfileSettings/preferedParkingSlot/~get', {});
    expect(current.aggregaredName).toBe('A-105 / -1 (HQ Garage)');
    const settings = await profile();
    const range = await user.json<Entity[]>(
      '/services/ProfileSettings/preferedParkingSlot/~range',
      { owner: settings, queryCustomizer: { _mask: '{aggregaredName}', _seek: { limit: 5 } } },
      { 'X-Judo-MarkSelectedRangeItems': 'true' },
    );
    expect(range).toHaveLength(5);
    expect(range.every((slot) => typeof slot.__selected === 'boolean')).toBe(true);
    const pick = range[2] as Entity;
    expect((await user.post('/services/ProfileSettings/~update/preferedParkingSlot/~set', pick)).status).toBe(
      200,
    );
    const after = await user.json<Entity>('/services/ProfileSettings/preferedParkingSlot/~get', {});
    expect(after.aggregaredName).toBe(pick.aggregaredName);
    expect((await user.post('/services/ProfileSettings/~update/preferedParkingSlot/~unset')).status).toBe(
      200,
    );
    const none = await user.post('/services/ProfileSettings/preferedParkingSlot/~get', {});
    expect(await none.text()).toBe('');
  });

  it('marks every candidate unselected, never null, while no slot is preferred', async () => {
    expect((await quick.post('/services/ProfileSettings/~update/preferedParkingSlot/~unset')).status).toBe(
      200,
    );
    // The owner as read with a mask that leaves the relation out: the server decides from the stored row.
    for (const owner of [await profile(quick, '{name}'), null]) {
      const answer = await quick.answer({
        method: 'POST',
        path: '/services/ProfileSettings/preferedParkingSlot/~range',
        headers: { 'X-Judo-MarkSelectedRangeItems': 'true' },
        body: { owner, queryCustomizer: { _mask: '{aggregaredName}', _seek: { limit: 5 } } },
      });
      expect(answer.status).toBe(200);
      const range = answer.body as Entity[];
      expect(range.length).toBeGreaterThan(0);
      expect(range.map((slot) => slot.__selected)).toEqual(range.map(() => false));
    }
  });

  it('refuses a slot outside the range', async () => {
    const admin = await clientFor(server, 'admin');
    const [exclusive] = await admin.json<Entity[]>('/services/Actor/parkingSlots/~list', {
      isExclusive: [{ operator: 'equal', value: true }],
      _seek: { limit: 1 },
    });
    // A slot of another transfer type is a wrong-type identifier.
    const wrongType = await user.post(
      '/services/ProfileSettings/~update/preferedParkingSlot/~set',
      exclusive,
    );
    expect(wrongType.status).toBe(400);
    expect(await wrongType.json()).toEqual([
      expect.objectContaining({ code: 'INVALID_IDENTIFIER', location: '__signedIdentifier' }),
    ]);
    const [adminSlot] = await admin.json<Entity[]>('/services/ProfileSettings/accessedParkingSlots/~list', {
      _mask: '{aggregaredName}',
      aggregaredName: [{ operator: 'like', value: 'B-%' }],
      _seek: { limit: 1 },
    });
    const outside = await user.post('/services/ProfileSettings/~update/preferedParkingSlot/~set', adminSlot);
    expect(outside.status).toBe(400);
    expect(await outside.json()).toEqual([expect.objectContaining({ code: 'NOT_ACCEPTED_BY_RANGE' })]);
  });
});

describe('cars', () => {
  it('creates a car with a trimmed, upper-case plate and one favourite', async () => {
    const template = await user.get('/services/CreateCarInput/~template');
    expect(await template.json()).toMatchObject({ isFavorite: false });
    const created = await user.json<Entity>('/services/ProfileSettings/createCar', {
      licensePlate: '  new-001 ',
      manufacturer: 'Fiat',
      isFavorite: true,
    });
    expect(created).toMatchObject({
      __entityType: 'ParkHere::Car',
      licensePlate: 'NEW-001',
      isFavorite: true,
    });
    const favourites = (await cars()).filter((car) => car.isFavorite);
    expect(favourites.map((car) => car.licensePlate)).toEqual(['NEW-001']);
  });

  it('answers each validation error with its code and location, writing nothing', async () => {
    const before = await cars();
    const cases: [unknown, string, string][] = [
      [{}, 'MISSING_REQUIRED_ATTRIBUTE', 'licensePlate'],
      [null, 'MISSING_REQUIRED_ATTRIBUTE', 'licensePlate'],
      [{ licensePlate: 'A'.repeat(25) }, 'MAX_LENGTH_VALIDATION_FAILED', 'licensePlate'],
      [{ licensePlate: 'AB*12' }, 'PATTERN_VALIDATION_FAILED', 'licensePlate'],
      [{ licensePlate: 'AB-12', isFavorite: 'yes' }, 'CONVERSION_FAILED', 'isFavorite'],
      [{ licensePlate: 'AB-12', colour: 'red' }, 'UNKNOWN_ATTRIBUTE', 'colour'],
      [{ licensePlate: 'abc-123' }, 'UNIQUE_CONSTRAINT_VIOLATED', 'licensePlate'],
    ];
    for (const [body, code, location] of cases) {
      const response = await user.post('/services/ProfileSettings/createCar', body === null ? 'null' : body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toEqual([expect.objectContaining({ code, location })]);
    }
    expect(await cars()).toEqual(before);
  });

  it('lets another user have the same plate', async () => {
    const created = await quick.json<Entity>('/services/ProfileSettings/createCar', {
      licensePlate: 'ABC-123',
    });
    expect(created.licensePlate).toBe('ABC-123');
  });

  it('clears the favourite of a car it archives, and unarchives it again', async () => {
    const favourite = (await cars()).find((car) => car.isFavorite === true);
    if (favourite === undefined) {
      throw new Error('demo favourite missing');
    }
    const archived = await user.json<Entity>(
      '/services/Car/~update',
      { ...favourite, isArchived: true },
      withId(favourite.__signedIdentifier, { 'X-Judo-Mask': '{isArchived}' }),
    );
    expect(archived).toMatchObject({
      isArchived: true,
      isFavorite: false,
      __version: favourite.__version + 1,
    });
    expect((await cars()).filter((car) => car.isFavorite)).toEqual([]);
    const restored = await user.json<Entity>(
      '/services/Car/~update',
      { ...archived, isArchived: false },
      withId(favourite.__signedIdentifier, { 'X-Judo-Mask': '{isArchived}' }),
    );
    expect(restored).toMatchObject({ isArchived: false, isFavorite: false });
    expect(
      (await user.post('/services/Car/favoriteCar', undefined, withId(favourite.__signedIdentifier))).status,
    ).toBe(200);
  });

  it('archives through ~update, favourites and deletes', async () => {
    const [first, second] = await cars();
    if (first === undefined || second === undefined) {
      throw new Error('demo cars missing');
    }
    const archived = await user.json<Entity>(
      '/services/Car/~update',
      { ...second, isArchived: true },
      withId(second.__signedIdentifier, { 'X-Judo-Mask': '{isArchived}' }),
    );
    expect(archived).toMatchObject({ isArchived: true, __version: second.__version + 1 });
    expect(
      (await user.post('/services/Car/favoriteCar', undefined, withId(second.__signedIdentifier))).status,
    ).toBe(200);
    expect((await cars()).filter((car) => car.isFavorite).map((car) => car.licensePlate)).toEqual([
      second.licensePlate,
    ]);
    expect(
      (await user.post('/services/Car/deleteCar', undefined, withId(first.__signedIdentifier))).status,
    ).toBe(200);
    expect((await cars()).map((car) => car.licensePlate)).not.toContain(first.licensePlate);
    expect(
      (await user.post('/services/Car/deleteCar', undefined, withId(first.__signedIdentifier))).status,
    ).toBe(404);
  });

  it('validates a car through the cars relation without creating it', async () => {
    const before = await cars();
    const ok = await user.post('/services/ProfileSettings/~update/cars/~validate', {
      licensePlate: 'DRY-001',
    });
    expect(ok.status).toBe(200);
    const bad = await user.post('/services/ProfileSettings/~update/cars/~validate', { licensePlate: '' });
    expect(bad.status).toBe(400);
    expect(await cars()).toEqual(before);
  });

  it('hides another user’s car behind 404 and refuses tampered identifiers', async () => {
    const [theirs] = await cars(quick);
    if (theirs === undefined) {
      throw new Error('quick has no car');
    }
    for (const path of ['/services/Car/~get', '/services/Car/deleteCar', '/services/Car/favoriteCar']) {
      const response = await user.post(path, {}, withId(theirs.__signedIdentifier));
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ code: 'ENTITY_NOT_FOUND' });
    }
    const changed = await update(user, 'Car', theirs, { model: 'Mine' });
    expect(changed.status).toBe(404);
    const [header, payload, signature] = theirs.__signedIdentifier.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ id: '1', type: 'ParkHere::Car', version: 1 })).toString('base64url')}.${signature}`;
    void payload;
    const tampered = await user.post('/services/Car/~get', {}, withId(forged));
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toEqual([
      expect.objectContaining({ code: 'INVALID_IDENTIFIER', location: 'X-Judo-SignedIdentifier' }),
    ]);
    const settings = await profile();
    const wrongType = await user.post('/services/Car/~get', {}, withId(settings.__signedIdentifier));
    expect(wrongType.status).toBe(400);
    const missing = await user.post('/services/Car/~get', {});
    expect(await missing.json()).toEqual([
      expect.objectContaining({ code: 'MISSING_REQUIRED_ATTRIBUTE', location: 'X-Judo-SignedIdentifier' }),
    ]);
  });
});
