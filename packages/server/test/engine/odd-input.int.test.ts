import { describe, expect, it } from 'vitest';
import { update, withId } from '../client.ts';
import { partiesOf } from '../reservations/forms.ts';
import { workingDayAfter, worldOfFile } from '../world.ts';

/*
 * Issue 25: input the fuzzer and the red team sent that a write took, or answered for, as if it were fine.
 * Each is a 400 on its field and changes nothing.
 */

type Entity = Record<string, unknown> & { __signedIdentifier: string; __version: number };

const { server, user } = await worldOfFile({ users: ['user'] });

const refusedWith = async (response: Response, code: string, location: string) => {
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual([expect.objectContaining({ code, location })]);
};

const profile = () =>
  user.json<Entity>('/services/Actor/profileSettings/~get', {
    _mask: '{name,startOfWorkingTime,endOfWorkingTime}',
  });

describe('a lone surrogate and a time between seconds (F13)', () => {
  it('refuses a string that is no Unicode text, rather than storing a replacement character', async () => {
    const before = await profile();
    // JSON.stringify writes the lone half as the escape \ud800, which the server's JSON.parse reads back.
    for (const name of ['Ulrich \ud800', 'Ulrich \udc00 User', '\udbff']) {
      const response = await update(user, 'ProfileSettings', before, { name });
      await refusedWith(response, 'CONVERSION_FAILED', 'name');
    }
    // A whole pair is an ordinary character.
    const emoji = await user.json<Entity>(
      '/services/ProfileSettings/~update',
      { name: 'Ulrich 🚗' },
      withId(before.__signedIdentifier),
    );
    expect(emoji.name).toBe('Ulrich 🚗');
    await user.json(
      '/services/ProfileSettings/~update',
      { name: before.name },
      withId(emoji.__signedIdentifier),
    );
  });

  it('refuses a time with a fraction of a second, and takes one with zero milliseconds', async () => {
    const before = await profile();
    for (const time of ['09:00:00.500', '09:00:00.001', '09:00:00.1']) {
      const response = await update(user, 'ProfileSettings', before, { startOfWorkingTime: time });
      await refusedWith(response, 'CONVERSION_FAILED', 'startOfWorkingTime');
    }
    expect((await profile()).startOfWorkingTime).toBe(before.startOfWorkingTime);
    const whole = await user.json<Entity>(
      '/services/ProfileSettings/~update',
      { startOfWorkingTime: '08:30:00.000' },
      withId(before.__signedIdentifier),
    );
    expect(whole.startOfWorkingTime).toBe('08:30:00');
  });
});

describe('a guest email (N8)', () => {
  it('must be a plain address: no address literal, no display name or angle brackets', async () => {
    const day = await workingDayAfter(server, 2);
    const own = await partiesOf(user, 'A-114');
    const guest = (guestEmail: string) =>
      user.post('/services/UserReservationPanel/reservation', {
        reservationType: 'GUEST',
        date: day,
        startTime: '09:00:00',
        endTime: '12:00:00',
        user: own.user,
        parkingSlot: own.parkingSlot,
        guestName: 'Greta Guest',
        guestEmail,
        guestLicensePlate: 'GST-001',
      });
    for (const address of [
      'a@[127.0.0.1]',
      'a@[IPv6:::1]',
      '<a@b.example>',
      'Greta <greta@b.example>',
      '"greta"@b.example',
      'greta@b.example,eve@evil.example',
      'greta@b.example;eve@evil.example',
      'greta(comment)@b.example',
    ]) {
      await refusedWith(await guest(address), 'PATTERN_VALIDATION_FAILED', 'guestEmail');
    }
    const reservations = await user.json<Entity[]>(
      '/services/UserReservationPanel/activeReservations/~list',
      {},
    );
    expect(reservations.filter((reservation) => reservation.date === day)).toEqual([]);
    expect((await guest('greta.guest+parking@sub.example.com')).status).toBe(200);
  });
});

describe('a relation update on a form in progress (N10)', () => {
  it('refuses unknown attributes in the draft and the body, on ~unset as on ~set and ~range', async () => {
    const draft = (await (await user.get('/services/ReservationInput/~template')).json()) as Entity;
    const cars = await user.json<Entity[]>('/services/ReservationInput/car/~range', {
      owner: draft,
      queryCustomizer: {},
    });
    const car = cars[0];
    await refusedWith(
      await user.post('/services/ReservationInput/car/~range', {
        owner: { ...draft, colour: 'red' },
        queryCustomizer: {},
      }),
      'UNKNOWN_ATTRIBUTE',
      'owner.colour',
    );
    for (const call of ['~unset', '~set']) {
      const path = `/services/ReservationInput/~update/car/${call}`;
      await refusedWith(
        await user.post(path, { owner: { ...draft, colour: 'red' }, value: car }),
        'UNKNOWN_ATTRIBUTE',
        'owner.colour',
      );
      await refusedWith(
        await user.post(path, { owner: draft, value: car, colour: 'red' }),
        'UNKNOWN_ATTRIBUTE',
        'colour',
      );
      await refusedWith(
        await user.post(path, { owner: { ...draft, date: 'tomorrow' }, value: car }),
        'CONVERSION_FAILED',
        'owner.date',
      );
    }
    const unset = await user.json<Record<string, unknown>>('/services/ReservationInput/~update/car/~unset', {
      owner: { ...draft, car },
    });
    expect(unset.car).toBeNull();
  });
});
