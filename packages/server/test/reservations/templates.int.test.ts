import { wallClockAt } from '@parkhere/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, callerFor, startEngineServer } from '../engine/client.ts';
import type { TestServer } from '../harness.ts';
import type { Entity } from './world.ts';

let server: TestServer;
let user: Caller;
let quick: Caller;
let admin: Caller;

const template = async (caller: Caller, type: string): Promise<Record<string, unknown>> => {
  const response = await caller.get(`/services/${type}/~template`);
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
};

const today = () => wallClockAt(new Date(), 'Europe/Budapest').date;

beforeAll(async () => {
  server = await startEngineServer();
  user = await callerFor(server, 'user');
  quick = await callerFor(server, 'quick');
  admin = await callerFor(server, 'admin');
});

afterAll(async () => {
  await server.close();
});

describe('ReservationInput ~template', () => {
  it('gives a user their first allowed type, self, the favourite car and notifications on', async () => {
    const body = await template(user, 'ReservationInput');
    expect(body).toMatchObject({
      reservationType: 'LONG',
      sendNotification: true,
      isAdmin: false,
      isNotAdmin: true,
      isLongReservation: true,
      hideReservationType: false,
      currentDate: today(),
    });
    expect(body.endDate).toBe(body.date);
    expect(String(body.date) >= today()).toBe(true);
    const self = body.user as Entity;
    expect(self.email).toBe('user@parkhere.example');
    expect((body.car as Entity).licensePlate).toBe('ABC-123');
    // The user reference is signed: the car range accepts it as the form's user.
    const cars = await user.json<Entity[]>('/services/ReservationInput/car/~range', {
      owner: { user: self },
      queryCustomizer: {},
    });
    expect(cars.map((car) => car.licensePlate)).toContain('ABC-123');
  });

  it('offers the preferred slot when it is free for the default times', async () => {
    const body = await template(user, 'ReservationInput');
    const slots = await user.json<Entity[]>('/services/ReservationInput/parkingSlot/~range', {
      owner: {
        user: body.user,
        reservationType: body.reservationType,
        date: body.date,
        endDate: body.endDate,
        startTime: body.startTime,
        endTime: body.endTime,
      },
      queryCustomizer: {},
    });
    const slot = body.parkingSlot as Entity | null;
    expect(slot).not.toBeNull();
    expect(slots.map((free) => free.aggregaredName)).toContain(slot?.aggregaredName);
  });

  it('hides the type picker of a quick-only user and starts on a working day', async () => {
    const body = await template(quick, 'ReservationInput');
    expect(body).toMatchObject({
      reservationType: 'QUICK',
      hideReservationType: true,
      isNotAdmin: true,
      endDate: null,
    });
    expect((body.car as Entity).licensePlate).toBe('QCK-001');
    expect(String(body.endTime) > String(body.startTime)).toBe(true);
  });

  it('keeps today for an administrator', async () => {
    const body = await template(admin, 'ReservationInput');
    expect(body).toMatchObject({ isAdmin: true, isNotAdmin: false, reservationType: 'LONG' });
    expect((body.user as Entity).email).toBe('admin@parkhere.example');
    if (String(body.date) === today()) {
      expect(String(body.startTime) >= wallClockAt(new Date(), 'Europe/Budapest').time.slice(0, 5)).toBe(
        true,
      );
    }
  });
});

describe('HolidayInput ~template', () => {
  it('fills in self and hides the user for a user', async () => {
    const body = await template(user, 'HolidayInput');
    expect(body).toMatchObject({ currentDate: today(), userHidden: true });
    expect((body.user as Entity).email).toBe('user@parkhere.example');
  });

  it('shows the user field to an administrator', async () => {
    const body = await template(admin, 'HolidayInput');
    expect(body).toMatchObject({ userHidden: false });
    expect((body.user as Entity).__signedIdentifier).toEqual(expect.any(String));
  });
});
