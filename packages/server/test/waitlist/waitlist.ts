import { sql } from 'kysely';
import type { Executor } from '../../src/platform/db/executor.ts';
import { type Requests, withId } from '../client.ts';
import { type Entity, partiesOf } from '../reservations/forms.ts';
import { movableClock, seedReservation, worldOfFile } from '../world.ts';

/* What the waitlist tests share: the calls a client makes and the world narrowed to a few slots. */

export const JOIN = '/services/UserReservationPanel/joinWaitlist';
export const RESERVE = '/services/UserReservationPanel/reservation';

export type Times = {
  date: string;
  startTime: string;
  endTime: string;
  reservationType?: 'NORMAL' | 'QUICK' | 'GUEST' | 'LONG';
};

/** A ReservationInput body for the caller's own user and default car, without a slot. */
export const requestOf = async (caller: Requests, times: Times, email?: string) => {
  const { user, car } = await partiesOf(caller, 'A-1', email);
  return { reservationType: 'NORMAL', ...times, user, car };
};

/** The administrators' slot `name` (ParkingSlotSettings), as their slots table lists it. */
export const slotSettingsOf = async (admin: Requests, name: string) => {
  const [slot] = await admin.json<Entity[]>('/services/Actor/parkingSlots/~list', {
    name: [{ operator: 'equal', value: name }],
  });
  return slot as Entity;
};

/** The caller's UserReservationPanel, the owner of its relations. */
export const userPanelOf = (caller: Requests) =>
  caller.json<Entity>('/services/Actor/userReservationPanel/~get', {});

/** The caller's waitlist as the dashboard lists it. */
export const waitlistOf = async (caller: Requests): Promise<Entity[]> => {
  const panel = await userPanelOf(caller);
  return caller.json<Entity[]>(
    '/services/UserReservationPanel/waitlist/~list',
    {},
    withId(panel.__signedIdentifier),
  );
};

/** Only these slots (by name) are active: a day is full once they are taken. */
export const onlySlots = async (db: Executor, names: readonly string[]): Promise<void> => {
  await sql`UPDATE parking_slots SET is_active = (name = ANY(${names}::text[]))`.execute(db);
};

export const statusOf = async (db: Executor, entryId: string) =>
  (
    await sql<{ status: string; reservationId: string | null }>`SELECT waitlist_status AS status,
      reservation_id::text AS reservation_id FROM waitlist_entries WHERE id = ${entryId}`.execute(db)
  ).rows[0];

/** The ACTIVE reservations promoted from entries, with their slot names. */
export const reservationOf = async (db: Executor, reservationId: string) =>
  (
    await sql<{ status: string; slot: string; owner: string; createdBy: string }>`SELECT
      r.reservation_status AS status, s.name AS slot, u.email AS owner, r.created_by
    FROM reservations r JOIN parking_slots s ON s.id = r.parking_slot_id JOIN users u ON u.id = r.owner_id
    WHERE r.id = ${reservationId}`.execute(db)
  ).rows[0];

export const countRows = async (db: Executor, table: 'waitlist_entries' | 'reservations') =>
  Number(
    (await sql<{ count: string }>`SELECT count(*) AS count FROM ${sql.table(table)}`.execute(db)).rows[0]
      ?.count ?? 0,
  );

const GUEST = { name: 'Filler Guest', email: 'filler@guest.example', licensePlate: 'FIL-001' };

/** Takes the slot for the time with a GUEST reservation of the administrator's (guests may overlap). */
export const takeSlot = (db: Executor, slot: string, date: string, start: string, end: string) =>
  seedReservation(db, {
    owner: 'admin@parkhere.example',
    slot,
    date,
    start,
    end,
    type: 'GUEST',
    guest: GUEST,
  });

/** A leaver's day: their reservation on taken, and `waiter` waiting for the same time. */
export const contestedDay = async (db: Executor, waiter: Requests, owner: string, date: string) => {
  const reservation = await seedReservation(db, { owner, slot: 'A-103', date, start: '09:00', end: '10:00' });
  await takeSlot(db, 'A-104', date, '09:00', '10:00');
  const times = { date, startTime: '09:00:00', endTime: '10:00:00' };
  const entry = await waiter.json<Entity>(JOIN, await requestOf(waiter, times));
  return { reservation, entry: entry.__identifier };
};

/**
 * The world of a waitlist test file: Wednesday 2026-03-04 08:00 in Budapest on a movable clock (`time`), jobs
 * run only when a test runs them, and HQ Garage narrowed to.
 */
export async function waitlistWorldOfFile() {
  const time = movableClock('2026-03-04T08:00:00+01:00');
  const world = await worldOfFile({
    users: ['admin', 'user', 'quick'],
    clock: time.clock,
    jobs: { poll: false },
  });
  await onlySlots(world.server.db, ['A-103', 'A-104']);
  return { time, ...world };
}
