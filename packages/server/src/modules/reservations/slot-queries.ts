import type { Interval } from '@parkhere/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { ActorScope } from '../../engine/access.ts';
import type { DB } from '../../platform/db/schema.ts';
import { slotsActorMayReserveFor } from '../garages/index.ts';
import { type SlotOffer, slotOfferedSql } from './rules/index.ts';

type Sql = RawBuilder<unknown>;

const col = (alias: string, column: string): Sql => sql.raw(`${alias}.${column}`);

/*
 * The free slots of DESIGN §4, for the create, the form and the waitlist: the overlap test is the exclusion constraint's own (`parking_slot_id = … AND
 * during && …` over ACTIVE rows), so it runs on the constraint's GiST index; LONG series OR their days together.
 */

/** `r.during` overlaps one of the (non-empty list of) intervals. */
const overlapsAny = (intervals: readonly Interval[]): Sql =>
  sql.join(
    intervals.map(
      (interval) =>
        sql`r.during && tstzrange(${interval.start.toISOString()}::timestamptz, ${interval.end.toISOString()}::timestamptz, '[)')`,
    ),
    sql` OR `,
  );

/** No ACTIVE reservation `r` of the slot meets `overlap` (a condition on `r.during`). */
const freeWhere = (alias: string, overlap: Sql): Sql =>
  sql`NOT EXISTS (SELECT 1 FROM reservations r WHERE r.parking_slot_id = ${col(alias, 'id')}
    AND r.reservation_status = 'ACTIVE' AND (${overlap}))`;

/** No ACTIVE reservation of the slot overlaps any of the intervals (half-open, so back-to-back is free). */
export const freeOn = (alias: string, intervals: readonly Interval[]): Sql =>
  intervals.length === 0 ? sql`TRUE` : freeWhere(alias, overlapsAny(intervals));

/** Whether the slot is free on every interval; null when there is no such slot. */
export async function slotIsFree(
  db: Kysely<DB>,
  slotId: string,
  intervals: readonly Interval[],
): Promise<boolean | null> {
  const found = await sql<{ free: boolean }>`SELECT ${freeOn('s', intervals)} AS free
    FROM parking_slots s WHERE s.id = ${slotId}`.execute(db);
  return found.rows[0]?.free ?? null;
}

/** The owner's reservation a create collided with, as the form names it (slot, day, wall-clock times). */
export type OwnOverlap = { parkingSlot: string; date: string; startTime: string; endTime: string };

/**
 * The owner's first ACTIVE reservation overlapping any of the intervals, as `reservations_owner_no_overlap`
 * judges it (GUEST bookings are not the owner's own parking), or null.
 */
export async function ownOverlappingReservation(
  db: Kysely<DB>,
  ownerId: string,
  intervals: readonly Interval[],
): Promise<OwnOverlap | null> {
  if (intervals.length === 0) {
    return null;
  }
  const found = await sql<OwnOverlap>`SELECT s.name AS parking_slot, to_char(r.date, 'YYYY-MM-DD') AS date,
      to_char(r.start_time, 'HH24:MI:SS') AS start_time, to_char(r.end_time, 'HH24:MI:SS') AS end_time
    FROM reservations r JOIN parking_slots s ON s.id = r.parking_slot_id
    WHERE r.owner_id = ${ownerId} AND r.reservation_status = 'ACTIVE' AND r.reservation_type <> 'GUEST'
      AND (${overlapsAny(intervals)})
    ORDER BY r.during LIMIT 1`.execute(db);
  return found.rows[0] ?? null;
}

/**
 * The first slot after `afterSlotId` (wrapping around) the user may reserve, that is offered to the request
 * (`offer`, slot-offered.ts) and is free on every interval.
 */
export async function nextFreeSlotId(
  db: Kysely<DB>,
  options: {
    userId: string;
    actorIsAdministrator: boolean;
    intervals: readonly Interval[];
    afterSlotId: string;
    offer?: SlotOffer;
  },
): Promise<string | null> {
  const found = await sql<{ id: string }>`SELECT s.id::text AS id FROM parking_slots s
    WHERE ${slotsActorMayReserveFor('s', sql`${options.userId}`, options.actorIsAdministrator)}
      AND ${slotOfferedSql('s', options.offer)}
      AND ${freeOn('s', options.intervals)}
    ORDER BY (s.id <= ${options.afterSlotId}), s.id LIMIT 1`.execute(db);
  return found.rows[0]?.id ?? null;
}

/** The slot, when the actor may reserve it, it is offered to the request and free on every interval; else null. */
export async function reservableFreeSlot(
  db: Kysely<DB>,
  scope: ActorScope,
  slotId: string,
  intervals: readonly Interval[],
  offer?: SlotOffer,
): Promise<string | null> {
  const free = await sql<{ id: string }>`SELECT s.id::text AS id FROM parking_slots s
    WHERE s.id = ${slotId} AND ${slotsActorMayReserveFor('s', sql`${scope.userId}`, scope.isAdministrator)}
      AND ${slotOfferedSql('s', offer)}
      AND ${freeOn('s', intervals)}`.execute(db);
  return free.rows[0]?.id ?? null;
}

/**
 * The first `limit` slots (by id, after `afterSlotId`) the user may take in the scope (one garage, or any),
 * offered to the request (`offer`, slot-offered.ts) and free on the interval: what the waitlist serves its
 * entries from. Few at a time: the first one is nearly always taken, and each slot looked at costs
 * an overlap probe.
 */
export async function freeSlotIds(
  db: Kysely<DB>,
  scope: {
    userId: string;
    actorIsAdministrator: boolean;
    garageId: string | null;
    interval: Interval;
    offer?: SlotOffer;
  },
  limit: number,
  afterSlotId: string | null = null,
): Promise<string[]> {
  const found = await sql<{ id: string }>`SELECT s.id::text AS id FROM parking_slots s
    WHERE ${slotsActorMayReserveFor('s', sql`${scope.userId}`, scope.actorIsAdministrator)}
      AND ${slotOfferedSql('s', scope.offer)}
      AND ${scope.garageId === null ? sql`TRUE` : sql`s.parking_garage_id = ${scope.garageId}`}
      AND ${afterSlotId === null ? sql`TRUE` : sql`s.id > ${afterSlotId}::bigint`}
      AND ${freeOn('s', [scope.interval])}
    ORDER BY s.id LIMIT ${limit}`.execute(db);
  return found.rows.map((row) => row.id);
}
