import { describe, expect, it } from 'vitest';
import { withId } from '../client.ts';
import { worldOfFile } from '../world.ts';

/*
 * The reads behind the relation pages of SPEC §2.2 (`Services/{Owner}/{Relation}/…/:signedIdentifier`): the page
 * sends the owner's signed identifier from its address, so an address copied from another user's screen, a
 * forged one or a blank one must hand out nothing of that owner.
 */

type Entity = Record<string, unknown> & { __signedIdentifier: string };

const { admin, user, quick } = await worldOfFile({
  users: ['admin', 'user', 'quick'],
  holidays: [{ owner: 'user@parkhere.example', start: '2099-07-01', end: '2099-07-10' }],
});

const ownerOf = async (client: typeof user, accessPoint: string) =>
  (await client.json<Entity>(`/services/Actor/${accessPoint}/~get`, { _mask: '{}' })).__signedIdentifier;

/** The relation reads of the pages a user's own screens link to, by the access point that names the owner. */
const USER_OWNED = [
  ['profileSettings', 'ProfileSettings', 'cars', '~list'],
  ['profileSettings', 'ProfileSettings', 'accessedParkingSlots', '~list'],
  ['profileSettings', 'ProfileSettings', 'accessedParkingGarages', '~list'],
  ['profileSettings', 'ProfileSettings', 'idCardsForParkingGarages', '~list'],
  ['profileSettings', 'ProfileSettings', 'preferedParkingSlot', '~get'],
  ['userReservationPanel', 'UserReservationPanel', 'activeReservations', '~list'],
  ['userReservationPanel', 'UserReservationPanel', 'previousReservation', '~list'],
  ['userReservationPanel', 'UserReservationPanel', 'holidays', '~list'],
  ['userHolidays', 'HolidayPanel', 'holidays', '~list'],
] as const;

describe('relation pages', () => {
  it('answer the owner their own rows, and 404 with nothing of them to anyone following their address', async () => {
    for (const [accessPoint, type, relation, call] of USER_OWNED) {
      const path = `/services/${type}/${relation}/${call}`;
      const owner = await ownerOf(user, accessPoint);
      const own = await user.post(path, {}, withId(owner));
      expect(own.status, path).toBe(200);
      for (const stranger of [quick, admin]) {
        const theirs = await stranger.post(path, {}, withId(owner));
        expect(theirs.status, path).toBe(404);
        expect(await theirs.json(), path).toEqual({ code: 'ENTITY_NOT_FOUND' });
      }
    }
    const cars = await user.json<Entity[]>('/services/ProfileSettings/cars/~list', {
      _mask: '{licensePlate}',
    });
    expect(cars.length).toBeGreaterThan(0);
    const holidays = await user.json<Entity[]>('/services/HolidayPanel/holidays/~list', {
      _mask: '{startDate}',
    });
    expect(holidays.map((holiday) => holiday.startDate)).toContain('2099-07-01');
  });

  it('refuse a forged, blank or huge identifier without reading anything', async () => {
    const owner = await ownerOf(user, 'profileSettings');
    const [header, , signature] = owner.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ id: '1', type: 'ParkHere::ProfileSettings', version: 1 })).toString('base64url')}.${signature}`;
    for (const identifier of [forged, ' ', 'x'.repeat(100_000)]) {
      const response = await quick.post('/services/ProfileSettings/cars/~list', {}, withId(identifier));
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      const body: unknown = await response.json().catch(() => null);
      expect(JSON.stringify(body)).not.toContain('licensePlate');
    }
  });

  it('open an element of a list by its own identifier only for who may read it (a holiday’s view page)', async () => {
    const [holiday] = await user.json<Entity[]>('/services/HolidayPanel/holidays/~list', {
      _mask: '{startDate}',
    });
    const id = withId(holiday?.__signedIdentifier ?? '');
    expect(await user.json<Entity>('/services/Holiday/~get', { _mask: '{startDate}' }, id)).toMatchObject({
      startDate: '2099-07-01',
    });
    const theirs = await quick.post('/services/Holiday/~get', { _mask: '{startDate}' }, id);
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toEqual({ code: 'ENTITY_NOT_FOUND' });
  });

  it('keep an administrator’s relation pages of a user to administrators', async () => {
    const [someone] = await admin.json<Entity[]>('/services/Actor/users/~list', {
      _mask: '{email}',
      email: [{ operator: 'equal', value: 'user@parkhere.example' }],
    });
    const id = withId(someone?.__signedIdentifier ?? '');
    const path = '/services/UserSettings/accessedParkingGarages/~list';
    const granted = await admin.json<Entity[]>(path, { _mask: '{name}' }, id);
    expect(granted.length).toBeGreaterThan(0);
    const refused = await user.post(path, { _mask: '{name}' }, id);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(await refused.json())).not.toContain('Garage');
  });
});
