import { type Availability, wallClockAt } from '@parkhere/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type Client, withId } from '../client.ts';
import { seedInProgress, worldOfFile } from '../world.ts';
import { type Entity, freeSlotNames } from './forms.ts';

const ZONE = 'Europe/Budapest';
const MINUTE = 60_000;
// A Tuesday morning in Budapest: the next quarter of an hour is always the same day, whatever the machine's time.
const PINNED = '2026-11-24T10:00:00+01:00';

const now = () => server.app.clock().getTime();

/** The free-slot range of today for the next quarter of an hour, by slot name. */
const freeNow = async (): Promise<string[]> => {
  const [self] = await user.json<Entity[]>('/services/Actor/usersForInput/~list', {});
  const from = wallClockAt(new Date(now() + MINUTE), ZONE);
  const to = wallClockAt(new Date(now() + 16 * MINUTE), ZONE);
  return freeSlotNames(
    user,
    { user: self, reservationType: 'NORMAL', date: from.date, startTime: from.time, endTime: to.time },
    'A-11%',
  );
};

/** The slots of the user's own bookings today, as the week view and the form's overlap hint read them. */
const bookedToday = async (): Promise<string[]> => {
  const { date } = wallClockAt(new Date(now()), ZONE);
  const answer = await user.answer({ method: 'GET', path: `/availability?from=${date}&to=${date}` });
  return (answer.body as Availability).days.flatMap((day) =>
    day.mine.reservations.map((mine) => mine.slotName),
  );
};

const inProgress = async (caller: Client, id: string): Promise<Entity> => {
  const active = await caller.json<Entity[]>('/services/UserReservationPanel/activeReservations/~list', {});
  const found = active.find((reservation) => reservation.__identifier === id);
  if (found === undefined) {
    throw new Error(`reservation ${id} is not active`);
  }
  return found;
};

const { server, user, quick } = await worldOfFile({
  env: { TEST_CLOCK: PINNED, ALLOW_TEST_CLOCK: 'true' },
  users: ['user', 'quick'],
});

describe('cancelReservation', () => {
  it('ends a reservation in progress now (EXPIRED) and frees its slot', async () => {
    const id = await seedInProgress(server.db, {
      owner: 'user@parkhere.example',
      slot: 'A-119',
      now: now(),
    });
    const reservation = await inProgress(user, id);
    expect(reservation).toMatchObject({ isNotCancelable: false, isNotDeletable: true });
    expect(reservation.currentTime).toEqual(expect.any(String));
    expect(await freeNow()).not.toContain('A-119');
    expect(await bookedToday()).toContainEqual(expect.stringContaining('A-119'));

    const path = '/services/UserReservation/cancelReservation';
    // Only the owner (or an administrator) may cancel: anybody else does not see it.
    expect((await quick.post(path, undefined, withId(reservation.__signedIdentifier))).status).toBe(404);
    const before = now();
    const cancelled = await user.post(path, undefined, withId(reservation.__signedIdentifier));
    expect(cancelled.status).toBe(200);

    const stored = await sql<{ status: string; endsAt: Date; endTime: string }>`SELECT
        reservation_status AS status, upper(during) AS ends_at, to_char(end_time, 'HH24:MI:SS') AS end_time
      FROM reservations WHERE id = ${id}`.execute(server.app.database.db);
    const row = stored.rows[0];
    expect(row?.status).toBe('EXPIRED');
    expect(Math.abs(new Date(row?.endsAt ?? 0).getTime() - before)).toBeLessThan(MINUTE);
    expect(row?.endTime.slice(0, 5)).toBe(wallClockAt(new Date(row?.endsAt ?? 0), ZONE).time.slice(0, 5));
    expect(await freeNow()).toContain('A-119');
    // The day's own bookings no longer name it: the form and the week view offer its minute again.
    expect(await bookedToday()).not.toContainEqual(expect.stringContaining('A-119'));

    // Once over it is a previous reservation and cannot be cancelled again.
    const previous = await user.json<Entity[]>(
      '/services/UserReservationPanel/previousReservation/~list',
      {},
    );
    expect(previous.find((item) => item.__identifier === id)).toMatchObject({ reservationStatus: 'EXPIRED' });
    expect((await user.post(path, undefined, withId(reservation.__signedIdentifier))).status).not.toBe(200);
  });
});
