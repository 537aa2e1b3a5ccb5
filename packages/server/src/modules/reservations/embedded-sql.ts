import { type RawBuilder, sql } from 'kysely';
import { checkInSql } from './rules/index.ts';

/*
 * What other modules show of a user's, an entry's or any reservation, as SQL their statements embed, so that
 * only this module names the reservations table.
 */

type Sql = RawBuilder<unknown>;

/** How many of the user `userId` (an SQL expression) were released as NO_SHOW ([Fair share 1]). */
export const noShowCountSql = (userId: Sql): Sql =>
  sql`(SELECT count(*)::int FROM reservations r
    WHERE r.owner_id = ${userId} AND r.reservation_status = 'NO_SHOW')`;

/** The full name of the slot of the reservation `reservationId` (an SQL expression); null without one. */
export const reservationSlotNameSql = (reservationId: Sql): Sql =>
  sql`(SELECT s.aggregared_name FROM reservations r JOIN parking_slots s ON s.id = r.parking_slot_id
    WHERE r.id = ${reservationId})`;

/** The owner's id of the reservation `reservationId` (an SQL expression); null without one. */
export const reservationOwnerSql = (reservationId: Sql): Sql =>
  sql`(SELECT r.owner_id FROM reservations r WHERE r.id = ${reservationId})`;

const checkIn = checkInSql('r');

/**
 * The reservations as other modules read them (a reservation's mails and calendar events): a derived table to
 * embed as `FROM ${reservationRowsSql} r`, one row per reservation with its keys, its day and times as stored,
 * and what only this module knows of a row: the plate it was booked with (the guest's, else the car's as it
 * was), the end as booked (a cancellation cuts `end_time`), its last change, its instants, its check-in window
 * as the lifecycle rules compute it, and the days of its LONG series in its own status (empty without one).
 */
export const reservationRowsSql: Sql = sql`(SELECT r.id, r.owner_id, r.parking_slot_id, r.car_id, r.series_id,
    r.date, r.start_time, r.end_time, r.reservation_type, r.reservation_status, r.guest_name, r.guest_email,
    coalesce(r.guest_license_plate, r.car_license_plate) AS license_plate, r.send_notification, r.version,
    coalesce(r.booked_end_time, r.end_time) AS booked_end_time, r.cancelled_at,
    coalesce(r.modefied, r.created) AS changed_at, lower(r.during) AS starts_at, upper(r.during) AS ends_at,
    r.checked_in_at, coalesce(${checkIn.required}, false) AS check_in_required,
    ${checkIn.opensAt} AS check_in_opens_at, ${checkIn.closesAt} AS check_in_closes_at,
    coalesce((SELECT array_agg(to_char(d.date, 'YYYY-MM-DD') ORDER BY d.date) FROM reservations d
      WHERE d.series_id = r.series_id AND d.reservation_status = r.reservation_status), '{}') AS series_days
  FROM reservations r)`;

/**
 * How many of the user `userId` (an SQL expression) were released as NO_SHOW on a day within [from, to): the
 * fair draw's window of recent no-shows.
 */
export const noShowsWithinSql = (userId: Sql, from: string, to: string): Sql =>
  sql`(SELECT count(*)::int FROM reservations r
    WHERE r.owner_id = ${userId} AND r.reservation_status = 'NO_SHOW'
      AND r.date >= ${from}::date AND r.date < ${to}::date)`;

/**
 * Whether the user `userId` has an ACTIVE reservation of their own (not a GUEST booking) overlapping the range
 * `during` (SQL expressions): one they cannot be given a second slot beside.
 */
export const ownBookingOverlapsSql = (userId: Sql, during: Sql): Sql =>
  sql`EXISTS (SELECT 1 FROM reservations r WHERE r.owner_id = ${userId} AND r.reservation_status = 'ACTIVE'
    AND r.reservation_type <> 'GUEST' AND r.during && ${during})`;

/**
 * Whether somebody other than `ownerId` holds the slot `slotId` on the day `date` (SQL expressions) with an ACTIVE
 * reservation: an assigned slot's day its owner can no longer take back (modules/assigned-slots).
 */
export const slotBookedByAnotherSql = (slotId: Sql, date: Sql, ownerId: Sql): Sql =>
  sql`EXISTS (SELECT 1 FROM reservations r WHERE r.parking_slot_id = ${slotId} AND r.date = ${date}
    AND r.reservation_status = 'ACTIVE' AND r.owner_id <> ${ownerId})`;

/**
 * The ACTIVE reservations' ranges on the slot `slotId` (an SQL expression) that overlap the range `span`, as a
 * JSON array of {start, end}: what a day's draw may not give of the slot.
 */
export const slotBookingsSql = (slotId: Sql, span: Sql): Sql =>
  sql`(SELECT COALESCE(jsonb_agg(jsonb_build_object('start', lower(r.during), 'end', upper(r.during))
      ORDER BY lower(r.during)), '[]'::jsonb)
    FROM reservations r WHERE r.parking_slot_id = ${slotId} AND r.reservation_status = 'ACTIVE'
      AND r.during && ${span})`;

/**
 * The reservations as reports read them (issue 28), a derived table: each one's keys, day and type, what became
 * of it (`cancelled`, `deleted`, `checked_in`, `no_show`), how long ahead it was booked (`lead_seconds`), and
 * `held`: the instants its slot was held for. That is its interval (which a cancellation cut), up to its
 * release for a no-show, and nothing for a deleted one (migration 0038's reservation_held, which the rollup
 * measures too).
 */
export const reservationUsageSql: Sql = sql`(SELECT r.id, r.owner_id, r.parking_slot_id, r.date,
    r.reservation_type, r.cancelled_at IS NOT NULL AS cancelled, r.reservation_status = 'DELETED' AS deleted,
    r.checked_in_at IS NOT NULL AS checked_in, r.reservation_status = 'NO_SHOW' AS no_show,
    extract(epoch FROM lower(r.during) - r.created) AS lead_seconds,
    reservation_held(r.reservation_status, r.during, r.modefied) AS held
  FROM reservations r)`;

/** The reservation `reservationId` (an SQL expression) in a few words: day, times, slot and owner; null without one. */
export const reservationSummarySql = (reservationId: Sql): Sql =>
  sql`(SELECT to_char(r.date, 'YYYY-MM-DD') || ' ' || to_char(r.start_time, 'HH24:MI') || '–'
      || to_char(r.end_time, 'HH24:MI') || ', ' || s.aggregared_name || ', ' || u.name
    FROM reservations r JOIN parking_slots s ON s.id = r.parking_slot_id JOIN users u ON u.id = r.owner_id
    WHERE r.id = ${reservationId})`;
