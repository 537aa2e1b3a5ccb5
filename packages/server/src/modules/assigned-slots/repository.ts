import type { AssignedDayState, LocalDate } from '@parkhere/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';

/*
 * The statements of assigned slots: the owner's slots, their given-back days (assigned_slot_releases,
 * migration 0050) and what each working day of theirs is.
 */

type Sql = RawBuilder<unknown>;

/**
 * Whether somebody other than `ownerId` holds the slot `slotId` on the day `date` (SQL expressions) with an ACTIVE
 * reservation. Reservations hand it in (their slotBookedByAnotherSql, passed by the registry and the calendar):
 * they embed this module's rule in every slot search, so this module cannot ask them without a cycle, and only
 * they name their table.
 */
export type BookedByAnother = (slotId: Sql, date: Sql, ownerId: Sql) => Sql;

export type OwnSlot = { id: string; name: string };

/** The slots assigned to the user, or only `slotId` when it is one of them; by name. */
export async function slotsAssignedTo(
  db: Executor,
  userId: string,
  slotId: string | null,
): Promise<OwnSlot[]> {
  const found = await sql<OwnSlot>`SELECT s.id::text AS id, s.aggregared_name AS name FROM parking_slots s
    WHERE s.assigned_to_id = ${userId}::bigint AND (${slotId}::bigint IS NULL OR s.id = ${slotId}::bigint)
    ORDER BY s.aggregared_name, s.id`.execute(db);
  return found.rows;
}

/**
 * The days given back, for each slot and day; a day given back already stays as it was. Migration 0050's trigger
 * queues the waitlist's promotion of each day, so whoever waits for it may be served.
 */
export async function insertReleases(
  db: Executor,
  ownerId: string,
  slotIds: readonly string[],
  dates: readonly LocalDate[],
): Promise<void> {
  await sql`INSERT INTO assigned_slot_releases (parking_slot_id, date, owner_id)
    SELECT s.id, d.date, ${ownerId}::bigint
    FROM unnest(${slotIds}::bigint[]) AS s(id), unnest(${dates}::date[]) AS d(date)
    ON CONFLICT (parking_slot_id, date) DO UPDATE SET owner_id = EXCLUDED.owner_id, created_at = now()
      WHERE assigned_slot_releases.owner_id <> EXCLUDED.owner_id`.execute(db);
}

/**
 * Takes the days back, all or none, while nobody else has booked any of them; answers the booked days (and
 * takes nothing back) otherwise. The given-back rows are locked first (FOR UPDATE): a booking of one of them
 * holds its row (KEY SHARE, migration 0050's trigger) until it commits, so this waits for it, and the look for
 * bookings, a statement of its own, sees it. A booking that comes after the lock waits, then finds no row and is
 * refused (409 ASSIGNED_SLOT_TAKEN_BACK). Runs in the caller's transaction (READ COMMITTED).
 */
export async function deleteReleases(
  db: Executor,
  bookedByAnother: BookedByAnother,
  ownerId: string,
  slotIds: readonly string[],
  dates: readonly LocalDate[],
): Promise<LocalDate[]> {
  const given = sql`g.parking_slot_id = ANY(${slotIds}::bigint[]) AND g.date = ANY(${dates}::date[])
    AND g.owner_id = ${ownerId}::bigint`;
  await sql`SELECT 1 FROM assigned_slot_releases g WHERE ${given}
    ORDER BY g.parking_slot_id, g.date FOR UPDATE`.execute(db);
  const booked = await sql<{ date: LocalDate }>`SELECT DISTINCT to_char(d.date, 'YYYY-MM-DD') AS date
    FROM unnest(${dates}::date[]) AS d(date)
    WHERE EXISTS (SELECT 1 FROM unnest(${slotIds}::bigint[]) AS s(id)
      WHERE ${bookedByAnother(sql`s.id`, sql`d.date`, sql`${ownerId}::bigint`)})
    ORDER BY 1`.execute(db);
  if (booked.rows.length > 0) {
    return booked.rows.map((row) => row.date);
  }
  await sql`DELETE FROM assigned_slot_releases g WHERE ${given}`.execute(db);
  return [];
}

export type SlotDay = { date: LocalDate; slotId: string; assignedDayState: AssignedDayState };

/** What each of the days is on each slot for its owner: booked by another, given back, on holiday or theirs. */
export async function dayStates(
  db: Executor,
  bookedByAnother: BookedByAnother,
  ownerId: string,
  slotIds: readonly string[],
  dates: readonly LocalDate[],
): Promise<SlotDay[]> {
  const found = await sql<SlotDay>`SELECT to_char(d.date, 'YYYY-MM-DD') AS date, s.id::text AS slot_id,
      CASE
        WHEN ${bookedByAnother(sql`s.id`, sql`d.date`, sql`${ownerId}::bigint`)} THEN 'BOOKED'
        WHEN EXISTS (SELECT 1 FROM assigned_slot_releases g WHERE g.parking_slot_id = s.id AND g.date = d.date
          AND g.owner_id = ${ownerId}::bigint) THEN 'GIVEN_BACK'
        WHEN EXISTS (SELECT 1 FROM holidays h WHERE h.user_id = ${ownerId}::bigint
          AND d.date BETWEEN h.start_date AND h.end_date) THEN 'ON_HOLIDAY'
        ELSE 'EXPECTED'
      END AS assigned_day_state
    FROM unnest(${slotIds}::bigint[]) WITH ORDINALITY AS s(id, n), unnest(${dates}::date[]) AS d(date)
    ORDER BY d.date, s.n`.execute(db);
  return found.rows;
}
