import { wallClockAt } from '@parkhere/contract';
import { describe, expect, it } from 'vitest';
import { withId } from '../client.ts';
import { seedInProgress, seedReservation, worldOfFile } from '../world.ts';
import type { Entity } from './forms.ts';

const ZONE = 'Europe/Budapest';
// A Tuesday morning in Budapest, so that yesterday and tomorrow are plain days whatever the machine's time.
const PINNED = '2026-11-24T10:00:00+01:00';
const OWNER = 'user@parkhere.example';

const { server, user, admin } = await worldOfFile({
  env: { TEST_CLOCK: PINNED, ALLOW_TEST_CLOCK: 'true' },
  users: ['user', 'admin'],
});
const now = () => server.app.clock().getTime();
const BY_RECENT = [
  { attribute: 'date', descending: true },
  { attribute: 'startTime', descending: true },
];

const previous = () =>
  user.json<Entity[]>('/services/UserReservationPanel/previousReservation/~list', { _orderBy: BY_RECENT });

const adminList = async (relation: string): Promise<Entity[]> => {
  const panel = await admin.json<Entity>('/services/Actor/reservationsAccess/~get', {});
  return admin.json<Entity[]>(
    `/services/ReservationsPanel/${relation}/~list`,
    {},
    withId(panel.__signedIdentifier),
  );
};

describe('the reservation lists (issue 14, item 24)', () => {
  it('keeps a deleted future day out of "previous" and out of the administrators’ future list', async () => {
    const past = await seedReservation(server.db, {
      owner: OWNER,
      slot: 'A-101',
      date: '2026-11-23',
      start: '09:00:00',
      end: '17:00:00',
    });
    const future = await seedReservation(server.db, {
      owner: OWNER,
      slot: 'A-102',
      date: '2026-11-26',
      start: '09:00:00',
      end: '17:00:00',
    });
    const [row] = (
      await user.json<Entity[]>('/services/UserReservationPanel/activeReservations/~list', {})
    ).filter((item) => item.__identifier === future);
    expect(row).toBeDefined();
    const deleted = await user.post(
      '/services/UserReservation/deleteReservation',
      undefined,
      withId(row?.__signedIdentifier ?? ''),
    );
    expect(deleted.status).toBe(200);

    const ids = (await previous()).map((item) => item.__identifier);
    expect(ids).toContain(past);
    expect(ids).not.toContain(future);
    expect((await adminList('futureReservations')).map((item) => item.__identifier)).not.toContain(future);
  });

  it('tells a cancelled reservation from an ended one and keeps the end it was booked for', async () => {
    const id = await seedInProgress(server.db, { owner: OWNER, slot: 'A-119', now: now() });
    const active = await user.json<Entity[]>('/services/UserReservationPanel/activeReservations/~list', {});
    const reservation = active.find((item) => item.__identifier === id);
    expect(reservation).toMatchObject({ isCancelled: false });
    const bookedEnd = reservation?.endTime;
    expect(reservation?.bookedEndTime).toBe(bookedEnd);
    const cancelled = await user.post(
      '/services/UserReservation/cancelReservation',
      undefined,
      withId(reservation?.__signedIdentifier ?? ''),
    );
    expect(cancelled.status).toBe(200);

    const list = await previous();
    const row = list.find((item) => item.__identifier === id);
    expect(row).toMatchObject({
      reservationStatus: 'EXPIRED',
      isCancelled: true,
      bookedEndTime: bookedEnd,
    });
    // The stored end is cut to the moment of cancelling: the slot is free from then on.
    expect(String(row?.endTime).slice(0, 5)).toBe(wallClockAt(new Date(now()), ZONE).time.slice(0, 5));
    // Most recent first: today's cancellation above yesterday's reservation.
    expect(list[0]?.__identifier).toBe(id);
    const ended = list.find((item) => item.date === '2026-11-23');
    expect(ended).toMatchObject({ reservationStatus: 'EXPIRED', isCancelled: false });
  });
});
