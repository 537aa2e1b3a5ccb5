import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Client, withId } from '../client.ts';
import { movableClock, worldOfFile } from '../world.ts';
import { type Entity, reserve } from './forms.ts';

/*
 * Issue 25, N14: a signed identifier names the version its holder was shown. A reservation someone else changed
 * after the user read it is not modified, deleted or cancelled through the old identifier (409 VERSION_CONFLICT,
 * as checkIn and every write of a known version answer), and nothing changes; read again, it acts.
 */

// Tuesday 2026-12-01 in Budapest (UTC+1).
const DAY = '2026-12-01';
const at = (time: string) => `${DAY}T${time}+01:00`;
const time = movableClock(at('07:00:00'));

const { server, user, admin } = await worldOfFile({ clock: time.clock, users: ['user', 'admin'] });
const MODIFY = '/services/UserReservation/modificateReservation';
const DELETE = '/services/UserReservation/deleteReservation';
const CANCEL = '/services/UserReservation/cancelReservation';

const stored = async (id: string) =>
  (
    await sql<{ status: string; start: string; end: string; version: number }>`SELECT
        reservation_status AS status, to_char(start_time, 'HH24:MI') AS start, to_char(end_time, 'HH24:MI') AS end,
        version FROM reservations WHERE id = ${id}`.execute(server.db)
  ).rows[0];

/** The user's own reservation as their list shows it now. */
const listed = async (id: string): Promise<Entity> => {
  const active = await user.json<Entity[]>('/services/UserReservationPanel/activeReservations/~list', {});
  const found = active.find((reservation) => reservation.__identifier === id);
  if (found === undefined) {
    throw new Error(`reservation ${id} is not listed`);
  }
  return found;
};

/** The identifier header of the reservation as the user's list shows it now. */
const readAgain = async (id: string) => withId((await listed(id)).__signedIdentifier);

/** The user books 09:00–17:00, and an administrator moves its end to 16:00 after the user read it. */
const changedByAnother = async (): Promise<{ seen: Entity; id: string }> => {
  const seen = await reserve(user, 'A-105', DAY, '09:00:00', '17:00:00');
  const moved = await admin.post(
    MODIFY,
    { startTime: '09:00:00', endTime: '16:00:00' },
    withId(seen.__signedIdentifier),
  );
  expect(moved.status, await moved.clone().text()).toBe(200);
  return { seen, id: seen.__identifier };
};

const expectRefused = async (caller: Client, path: string, seen: Entity, body?: unknown) => {
  const refused = await caller.post(path, body, withId(seen.__signedIdentifier));
  expect(refused.status).toBe(409);
  expect(await refused.json()).toMatchObject({ code: 'VERSION_CONFLICT', details: { stored: 2, sent: 1 } });
};

beforeEach(async () => {
  time.set(at('07:00:00'));
  await sql`DELETE FROM jobs`.execute(server.db);
  await sql`DELETE FROM reservations`.execute(server.db);
});

describe('a reservation changed since its signed identifier was handed out (issue 25, N14)', () => {
  it('is not modified through the old identifier; read again, it is', async () => {
    const { seen, id } = await changedByAnother();
    await expectRefused(user, MODIFY, seen, { startTime: '10:00:00', endTime: '12:00:00' });
    expect(await stored(id)).toEqual({ status: 'ACTIVE', start: '09:00', end: '16:00', version: 2 });
    const modified = await user.post(
      MODIFY,
      { startTime: '10:00:00', endTime: '12:00:00' },
      await readAgain(id),
    );
    expect(modified.status).toBe(200);
    expect(await stored(id)).toEqual({ status: 'ACTIVE', start: '10:00', end: '12:00', version: 3 });
  });

  it('is not deleted through the old identifier, by its owner or an administrator; read again, it is', async () => {
    const { seen, id } = await changedByAnother();
    await expectRefused(user, DELETE, seen);
    await expectRefused(admin, DELETE, seen);
    expect(await stored(id)).toEqual({ status: 'ACTIVE', start: '09:00', end: '16:00', version: 2 });
    expect((await user.post(DELETE, undefined, await readAgain(id))).status).toBe(200);
    expect((await stored(id))?.status).toBe('DELETED');
  });

  it('is not cancelled through the old identifier once in progress; read again, it is', async () => {
    const { seen, id } = await changedByAnother();
    time.set(at('10:00:00'));
    await expectRefused(user, CANCEL, seen);
    expect(await stored(id)).toEqual({ status: 'ACTIVE', start: '09:00', end: '16:00', version: 2 });
    expect((await user.post(CANCEL, undefined, await readAgain(id))).status).toBe(200);
    expect(await stored(id)).toMatchObject({ status: 'EXPIRED', end: '10:00' });
  });
});
