import { timeZones } from '@parkhere/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { update, withId } from '../client.ts';
import { worldOfFile } from '../world.ts';

/*
 * Issue 11 "Bad input gets a clear error and changes nothing": each refused write answers 400 on the field
 * and leaves what was stored as it was.
 */

type Entity = Record<string, unknown> & { __signedIdentifier: string; __version: number };

const { server, admin, user } = await worldOfFile({ users: ['admin', 'user'] });

const refusedWith = async (response: Response, code: string, location: string) => {
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual([expect.objectContaining({ code, location })]);
};

const configuration = () =>
  admin.json<Entity>('/services/Actor/configurationSettings/~get', { _mask: '{timeZone}' });

const profile = () =>
  user.json<Entity>('/services/Actor/profileSettings/~get', {
    _mask: '{name,startOfWorkingTime,endOfWorkingTime}',
  });

const userSettings = async (email: string) => {
  const users = await admin.json<Entity[]>('/services/Actor/users/~list', {
    _mask: '{email,name,startOfWorkingTime,endOfWorkingTime}',
    email: [{ operator: 'equal', value: email }],
  });
  const found = users[0];
  if (found === undefined) {
    throw new Error(`no user ${email}`);
  }
  return found;
};

describe('the configured time zone', () => {
  it('refuses a zone the runtime does not know, and every reservation form keeps working', async () => {
    const before = await configuration();
    const response = await update(admin, 'ConfigurationSettings', before, { timeZone: 'Mars/Olympus' });
    await refusedWith(response, 'NOT_ACCEPTED_BY_RANGE', 'timeZone');
    expect(await configuration()).toMatchObject({ timeZone: 'Europe/Budapest', __version: before.__version });
    expect((await user.get('/services/ReservationInput/~template')).status).toBe(200);
  });

  it('offers only zones the database knows too, since SQL reads the clock AT TIME ZONE', async () => {
    const known = await sql<{ name: string }>`SELECT name FROM pg_timezone_names`.execute(
      server.app.database.db,
    );
    const names = new Set(known.rows.map((row) => row.name));
    expect(timeZones().filter((zone) => !names.has(zone))).toEqual([]);
  });

  it('accepts a zone the runtime knows', async () => {
    const before = await configuration();
    const updated = await admin.json<Entity>(
      '/services/ConfigurationSettings/~update',
      { timeZone: 'UTC' },
      withId(before.__signedIdentifier),
    );
    expect(updated.timeZone).toBe('UTC');
    expect((await user.get('/services/ReservationInput/~template')).status).toBe(200);
    await admin.json(
      '/services/ConfigurationSettings/~update',
      { timeZone: 'Europe/Budapest' },
      withId(before.__signedIdentifier),
    );
  });
});

describe('a required name of only blanks', () => {
  it('is missing in the own profile, and the stored name stays', async () => {
    const before = await profile();
    const response = await update(user, 'ProfileSettings', before, { name: '   ' });
    await refusedWith(response, 'MISSING_REQUIRED_ATTRIBUTE', 'name');
    expect((await profile()).name).toBe(before.name);
  });

  it('is missing in the administrator’s user view, and the stored name stays', async () => {
    const before = await userSettings('quick@parkhere.example');
    const response = await update(admin, 'UserSettings', before, { name: ' \t ' });
    await refusedWith(response, 'MISSING_REQUIRED_ATTRIBUTE', 'name');
    expect((await userSettings('quick@parkhere.example')).name).toBe(before.name);
  });
});

describe('a form in progress', () => {
  it('with a blank required name still gets its ranges: only a write refuses it', async () => {
    const response = await admin.post('/services/DoormanInput/accessedGarages/~range', {
      owner: { name: '', email: '' },
      queryCustomizer: {},
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as unknown[]).length).toBeGreaterThan(0);
  });
});

describe('working hours that start after they end', () => {
  it('are refused in the own profile, whole or one half at a time', async () => {
    const before = await profile();
    const whole = await update(user, 'ProfileSettings', before, {
      startOfWorkingTime: '18:00:00',
      endOfWorkingTime: '08:00:00',
    });
    await refusedWith(whole, 'END_NOT_AFTER_START', 'endOfWorkingTime');
    // The stored end is 17:00: a start after it, sent alone, is judged against it.
    const half = await update(user, 'ProfileSettings', before, { startOfWorkingTime: '18:00:00' });
    await refusedWith(half, 'END_NOT_AFTER_START', 'endOfWorkingTime');
    const masked = await user.post(
      '/services/ProfileSettings/~update',
      { startOfWorkingTime: '08:00:00', endOfWorkingTime: '07:00:00' },
      withId(before.__signedIdentifier, { 'X-Judo-Mask': '{endOfWorkingTime}' }),
    );
    await refusedWith(masked, 'END_NOT_AFTER_START', 'endOfWorkingTime');
    expect(await profile()).toMatchObject({
      startOfWorkingTime: before.startOfWorkingTime,
      endOfWorkingTime: before.endOfWorkingTime,
      __version: before.__version,
    });
  });

  it('are refused in the administrator’s user view', async () => {
    const before = await userSettings('quick@parkhere.example');
    const response = await update(admin, 'UserSettings', before, {
      startOfWorkingTime: '12:00:00',
      endOfWorkingTime: '12:00:00',
    });
    await refusedWith(response, 'END_NOT_AFTER_START', 'endOfWorkingTime');
    expect(await userSettings('quick@parkhere.example')).toMatchObject({
      startOfWorkingTime: before.startOfWorkingTime,
      endOfWorkingTime: before.endOfWorkingTime,
    });
  });

  it('in order are saved', async () => {
    const before = await profile();
    const updated = await user.json<Entity>(
      '/services/ProfileSettings/~update',
      { startOfWorkingTime: '07:30:00', endOfWorkingTime: '15:30:00' },
      withId(before.__signedIdentifier),
    );
    expect(updated).toMatchObject({ startOfWorkingTime: '07:30:00', endOfWorkingTime: '15:30:00' });
  });
});

describe('an additional day that changes nothing', () => {
  const days = async () => {
    const settings = await admin.json<Entity & { additionalDays: Entity[] }>(
      '/services/Actor/configurationSettings/~get',
      { _mask: '{additionalDays{day,typeOfDay}}' },
    );
    return settings.additionalDays;
  };

  it('is refused on the day, by the operation and by the relation', async () => {
    const before = await days();
    const settings = await configuration();
    // 2027-03-03 is a Wednesday, 2027-03-06 a Saturday.
    await refusedWith(
      await admin.post('/services/ConfigurationSettings/createDay', { day: '2027-03-03', typeOfDay: 'WORK' }),
      'DAY_ALREADY_OF_THAT_TYPE',
      'day',
    );
    await refusedWith(
      await admin.post(
        '/services/ConfigurationSettings/~update/additionalDays/~create',
        { day: '2027-03-06', typeOfDay: 'HOLIDAY' },
        withId(settings.__signedIdentifier),
      ),
      'DAY_ALREADY_OF_THAT_TYPE',
      'day',
    );
    expect(await days()).toEqual(before);
  });

  it('is refused when an update sends only the type or only the day', async () => {
    const saturday = await admin.json<Entity>('/services/ConfigurationSettings/createDay', {
      day: '2027-03-13',
      typeOfDay: 'WORK',
    });
    await refusedWith(
      await update(admin, 'AdditionalDay', saturday, { typeOfDay: 'HOLIDAY' }),
      'DAY_ALREADY_OF_THAT_TYPE',
      'day',
    );
    await refusedWith(
      await update(admin, 'AdditionalDay', saturday, { day: '2027-03-10' }),
      'DAY_ALREADY_OF_THAT_TYPE',
      'day',
    );
    const moved = await admin.json<Entity>(
      '/services/AdditionalDay/~update',
      { day: '2027-03-20' },
      withId(saturday.__signedIdentifier),
    );
    expect(moved).toMatchObject({ day: '2027-03-20', typeOfDay: 'WORK' });
  });
});
