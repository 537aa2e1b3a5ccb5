import { type RawBuilder, sql } from 'kysely';

/*
 * What other modules' sources show of a user's or an entry's reservations, as SQL expressions their
 * statements embed, so that only this module names the reservations table.
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
