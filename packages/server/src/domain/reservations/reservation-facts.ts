import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { CarFacts, ReservationOwner, SlotFacts, UpcomingCounts } from '../reservation-rules/index.ts';

/*
 * What the rules need to know about the parties of a reservation, read in the operation's transaction.
 * `lockOwner` takes the owner's row lock first, so concurrent creates of one user count their quotas one after
 * the other (the slot itself is guarded by the exclusion constraint, not by a lock).
 */

export async function lockOwner(db: Kysely<DB>, userId: string | null): Promise<ReservationOwner | null> {
  if (userId === null) {
    return null;
  }
  const found = await sql<ReservationOwner>`SELECT id::text AS id, is_active, is_normal_reservation,
      is_quick_reservation, is_guest_reservation, is_long_reservation, max_normal_reservation,
      max_guest_reservation, max_long_reservation
    FROM users WHERE id = ${userId} FOR UPDATE`.execute(db);
  return found.rows[0] ?? null;
}

export async function carFacts(
  db: Kysely<DB>,
  carId: string | null,
): Promise<(CarFacts & { licensePlate: string }) | null> {
  if (carId === null) {
    return null;
  }
  const found = await sql<CarFacts & { licensePlate: string }>`
    SELECT user_id::text AS owner_id, is_archived, license_plate FROM cars WHERE id = ${carId}`.execute(db);
  return found.rows[0] ?? null;
}

/** `garageIsAccessed`: the owner (not the actor) may reserve in the slot's garage. */
export async function slotFacts(
  db: Kysely<DB>,
  slotId: string | null,
  ownerId: string | null,
): Promise<SlotFacts | null> {
  if (slotId === null) {
    return null;
  }
  const found = await sql<SlotFacts>`SELECT s.is_active, s.is_exclusive, g.is_active AS garage_is_active,
      EXISTS (SELECT 1 FROM user_accessed_garages ua
        WHERE ua.user_id = ${ownerId} AND ua.parking_garage_id = s.parking_garage_id) AS garage_is_accessed
    FROM parking_slots s JOIN parking_garages g ON g.id = s.parking_garage_id WHERE s.id = ${slotId}`.execute(
    db,
  );
  return found.rows[0] ?? null;
}

/** The quota count of `upcomingCounts` in SQL: ACTIVE and not ended, a LONG series once. */
export async function countUpcoming(db: Kysely<DB>, ownerId: string, now: Date): Promise<UpcomingCounts> {
  const found = await sql<{ normal: string; guest: string; longSeries: string }>`SELECT
      count(*) FILTER (WHERE reservation_type = 'NORMAL') AS normal,
      count(*) FILTER (WHERE reservation_type = 'GUEST') AS guest,
      count(DISTINCT series_id) FILTER (WHERE reservation_type = 'LONG') AS long_series
    FROM reservations
    WHERE owner_id = ${ownerId} AND reservation_status = 'ACTIVE'
      AND upper(during) > ${now.toISOString()}::timestamptz`.execute(db);
  const row = found.rows[0];
  return {
    normal: Number(row?.normal ?? 0),
    guest: Number(row?.guest ?? 0),
    longSeries: Number(row?.longSeries ?? 0),
  };
}
