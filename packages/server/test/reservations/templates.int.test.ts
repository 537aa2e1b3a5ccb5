import { addDays, wallClockAt } from '@parkhere/contract';
import { describe, expect, it } from 'vitest';
import type { Client } from '../client.ts';
import { workingDayAfter, worldOfFile } from '../world.ts';
import type { Entity } from './forms.ts';

const template = async (caller: Client, type: string): Promise<Record<string, unknown>> => {
  const response = await caller.get(`/services/${type}/~template`);
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
};

const today = () => wallClockAt(new Date(), 'Europe/Budapest').date;

const { server, user, quick, admin } = await worldOfFile({ users: ['user', 'quick', 'admin'] });

describe('ReservationInput ~template', () => {
  it('gives a user NORMAL (allowed with LONG), self, the favourite car and notifications on', async () => {
    const body = await template(user, 'ReservationInput');
    expect(body).toMatchObject({
      reservationType: 'NORMAL',
      sendNotification: true,
      isAdmin: false,
      isNotAdmin: true,
      // The form's LONG-only fields stay hidden: the preselected type is NORMAL.
      isLongReservation: false,
      hideReservationType: false,
      currentDate: today(),
    });
    expect(body.endDate).toBeNull();
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
    expect(body).toMatchObject({ isAdmin: true, isNotAdmin: false, reservationType: 'NORMAL' });
    expect((body.user as Entity).email).toBe('admin@parkhere.example');
    if (String(body.date) === today()) {
      expect(String(body.startTime) >= wallClockAt(new Date(), 'Europe/Budapest').time.slice(0, 5)).toBe(
        true,
      );
    }
  });
});

describe('ReservationInput ~template horizon', () => {
  const setHorizon = (days: number) =>
    admin.json(
      '/services/ConfigurationSettings/~update',
      { maxDaysInAdvance: days },
      { 'X-Judo-Mask': '{maxDaysInAdvance}' },
    );

  /** The first working day after `from` days ahead (non-working days would add their own fault). */
  const workingDayBeyond = async (from: number): Promise<string> => {
    const limit = addDays(today(), from);
    for (let n = 1; n < 60; n += 1) {
      const day = await workingDayAfter(server, n);
      if (day > limit) {
        return day;
      }
    }
    throw new Error(`no working day after ${limit}`);
  };

  it('carries the configured horizon, which an echoed body cannot widen', async () => {
    expect((await template(user, 'ReservationInput')).maxDaysInAdvance).toBe(14);
    await setHorizon(21);
    try {
      expect((await template(admin, 'ReservationInput')).maxDaysInAdvance).toBe(21);
      expect((await template(quick, 'ReservationInput')).maxDaysInAdvance).toBe(21);
      const echoed = await template(user, 'ReservationInput');
      expect(echoed.maxDaysInAdvance).toBe(21);

      // Beyond the old 14 days but within the configured 21: the range and the create accept the echo.
      const within = await workingDayBeyond(14);
      expect(within <= addDays(today(), 21)).toBe(true);
      const draft = {
        ...echoed,
        reservationType: 'NORMAL',
        date: within,
        endDate: null,
        startTime: '09:00:00',
        endTime: '10:00:00',
        parkingSlot: null,
      };
      const slots = await user.json<Entity[]>('/services/ReservationInput/parkingSlot/~range', {
        owner: draft,
        queryCustomizer: {},
      });
      expect(slots.length).toBeGreaterThan(0);
      const created = await user.post('/services/UserReservationPanel/reservation', {
        ...draft,
        parkingSlot: slots[0],
      });
      expect(created.status).toBe(200);

      // A client claiming a longer horizon is still held to the configured one.
      const beyond = await workingDayBeyond(21);
      const refused = await user.post('/services/UserReservationPanel/reservation', {
        ...draft,
        maxDaysInAdvance: 365,
        date: beyond,
        parkingSlot: slots[0],
      });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual(
        expect.arrayContaining([expect.objectContaining({ code: 'DATE_TOO_FAR_AHEAD', location: 'date' })]),
      );
    } finally {
      await setHorizon(14);
    }
    expect((await template(user, 'ReservationInput')).maxDaysInAdvance).toBe(14);
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
