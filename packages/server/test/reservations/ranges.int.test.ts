import { describe, expect, it } from 'vitest';
import { workingDayAfter, worldOfFile } from '../world.ts';
import { type Entity, freeSlotNames } from './forms.ts';

const SLOTS = '/services/ReservationInput/parkingSlot/~range';

const { server, admin, user } = await worldOfFile({ users: ['admin', 'user'] });
const day1 = await workingDayAfter(server, 1);

describe('ReservationInput ranges', () => {
  it('parkingSlot lists exactly the free slots of the draft’s date and times', async () => {
    const [self] = await user.json<Entity[]>('/services/Actor/usersForInput/~list', {});
    const cars = await user.json<Entity[]>('/services/ReservationInput/car/~range', {
      owner: { user: self },
      queryCustomizer: {},
    });
    const draft = { user: self, reservationType: 'NORMAL', date: day1 };
    const free = await freeSlotNames(user, { ...draft, startTime: '09:00:00', endTime: '10:00:00' });
    expect(free).toContain('A-110');
    // Exclusive slots are for administrators only.
    expect(free).not.toContain('A-101');
    const slot = (
      await user.json<Entity[]>(SLOTS, {
        owner: { user: self },
        queryCustomizer: { aggregaredName: [{ operator: 'like', value: 'A-110 %' }] },
      })
    )[0];
    await user.json('/services/UserReservationPanel/reservation', {
      ...draft,
      startTime: '09:00:00',
      endTime: '10:00:00',
      car: cars[0],
      parkingSlot: slot,
    });
    expect(await freeSlotNames(user, { ...draft, startTime: '09:30:00', endTime: '10:30:00' })).not.toContain(
      'A-110',
    );
    // Half-open: back to back is free.
    expect(await freeSlotNames(user, { ...draft, startTime: '10:00:00', endTime: '11:00:00' })).toContain(
      'A-110',
    );
    // A LONG series needs the slot free on every day.
    expect(
      await freeSlotNames(user, {
        ...draft,
        reservationType: 'LONG',
        date: day1,
        endDate: await workingDayAfter(server, 3),
        startTime: '08:00:00',
        endTime: '09:30:00',
      }),
    ).not.toContain('A-110');
  });

  it('administrators see exclusive slots and every user; users only themselves', async () => {
    const users = await admin.json<Entity[]>('/services/ReservationInput/user/~range', {
      owner: {},
      queryCustomizer: {},
    });
    expect(users.length).toBeGreaterThan(1);
    const own = await user.json<Entity[]>('/services/ReservationInput/user/~range', {
      owner: {},
      queryCustomizer: {},
    });
    expect(own).toHaveLength(1);
    const [adminSelf] = await admin.json<Entity[]>('/services/Actor/usersForInput/~list', {
      email: [{ operator: 'equal', value: 'admin@parkhere.example' }],
    });
    expect(
      await freeSlotNames(admin, { user: adminSelf, date: day1, startTime: '09:00:00', endTime: '10:00:00' }),
    ).toContain('A-101');
  });
});
