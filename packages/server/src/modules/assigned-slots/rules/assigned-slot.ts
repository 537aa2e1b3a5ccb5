import type { LocalDate } from '@parkhere/contract';
import { type RawBuilder, sql } from 'kysely';
import { isEmptyList, type SqlList, sqlArray } from '../../../platform/db/sql-list.ts';
import { business, type Violation } from '../../../platform/violation.ts';

/*
 * [Pools] An assigned slot (ParkingSlotSettings.assignedTo) is its owner's every day: the owner needs no
 * booking, and anybody else is offered it on a day only when the owner is away that day, on holiday or having
 * given the day back ("Not coming", UserReservationPanel.releaseAssignedSlot). A deactivated owner (a leaver)
 * comes no more: their slot is offered to everybody. The rule is the same for a user's own booking, an
 * administrator's for somebody, the waitlist's promotion and the draw: who would hold the slot is what counts.
 * The SQL twin is what the free-slot range, the waitlist's and the draw's slot searches read; migration 0050's
 * trigger on reservations holds the same rule as the last word, under the given-back day's row lock.
 */

/** An assigned slot's owner as the rule reads them: who, whether still active, and their days away. */
export type AssignedSlot = {
  ownerId: string;
  ownerIsActive: boolean;
  /** The days the owner gave back. */
  releasedDates: readonly LocalDate[];
  /** The owner's holidays, both days included. */
  holidays: readonly { startDate: LocalDate; endDate: LocalDate }[];
};

/** Whether the owner is away on `date`: on holiday, or having given the day back. */
export const isOwnerAway = (slot: AssignedSlot, date: LocalDate): boolean =>
  slot.releasedDates.includes(date) ||
  slot.holidays.some((holiday) => holiday.startDate <= date && date <= holiday.endDate);

/** Whether `userId` may be given the slot on `date` (`slot` null: the slot is assigned to nobody). */
export const isAssignedSlotOffered = (slot: AssignedSlot | null, userId: string, date: LocalDate): boolean =>
  slot === null || slot.ownerId === userId || !slot.ownerIsActive || isOwnerAway(slot, date);

/** 422 ASSIGNED_SLOT_NOT_RELEASED, naming the days the slot is its owner's, when there is any. */
export const checkAssignedSlotOffered = (
  slot: AssignedSlot | null,
  userId: string,
  dates: readonly LocalDate[],
): Violation[] => {
  const owners = dates.filter((date) => !isAssignedSlotOffered(slot, userId, date));
  return owners.length === 0
    ? []
    : [
        business(
          'ASSIGNED_SLOT_NOT_RELEASED',
          'This slot is assigned to a colleague: it is free only on days they are on holiday or give it back',
          { dates: owners },
        ),
      ];
};

type Sql = RawBuilder<unknown>;

/**
 * The owner's days away on `date` in SQL, `slot` the slot's row alias: a given-back day or a holiday. A slot
 * has one given-back row a day (the key), read by that key and compared with the owner: a hashed look-up of
 * every day the slot was given back, which the planner may choose for an EXISTS, costs more per slot.
 */
export const ownerAwaySql = (slot: string, date: Sql): Sql =>
  sql`(coalesce((SELECT g.owner_id FROM assigned_slot_releases g WHERE g.parking_slot_id = ${sql.ref(`${slot}.id`)}
      AND g.date = ${date}) = ${sql.ref(`${slot}.assigned_to_id`)}, false)
    OR EXISTS (SELECT 1 FROM holidays h WHERE h.user_id = ${sql.ref(`${slot}.assigned_to_id`)}
      AND ${date} BETWEEN h.start_date AND h.end_date))`;

/**
 * The days of `dates` on which the slot row `slot` is its owner's and not `userId`'s to take, as an SQL date[]
 * (empty: assigned to nobody, to `userId`, or to a leaver): the days the owner is not away. The owner's row, their
 * given-back days among `dates` and their holidays around them are one look-up each, whatever the number of days,
 * so the availability reads it once per slot for a whole period rather than once per slot and day.
 */
export const ownerDaysSql = (slot: string, userId: Sql, dates: SqlList<LocalDate>): Sql => {
  const assignee = sql.ref(`${slot}.assigned_to_id`);
  const days = sqlArray(dates, 'date');
  // The owner's row by its key, per slot: NOT EXISTS would let the planner hash every active user first.
  return sql`(CASE WHEN ${assignee} IS NULL OR ${assignee} = ${userId}
      OR NOT coalesce((SELECT o.is_active FROM users o WHERE o.id = ${assignee}), false) THEN '{}'::date[]
    ELSE ARRAY(SELECT d.date FROM unnest(${days}) AS d(date)
      WHERE d.date <> ALL (ARRAY(SELECT g.date FROM assigned_slot_releases g
          WHERE g.parking_slot_id = ${sql.ref(`${slot}.id`)} AND g.owner_id = ${assignee} AND g.date = ANY(${days})))
        AND NOT coalesce(d.date <@ (SELECT range_agg(daterange(h.start_date, h.end_date, '[]')) FROM holidays h
          WHERE h.user_id = ${assignee} AND h.start_date <= (SELECT max(x) FROM unnest(${days}) AS x)
            AND h.end_date >= (SELECT min(x) FROM unnest(${days}) AS x)), false)) END)`;
};

/**
 * isAssignedSlotOffered in SQL for the slot row `slot`, on every one of `dates` (a list of days, or an SQL
 * array of them; none: any day, as a draft without a date lists every slot the user may reserve). `ownerDays`:
 * the slot's ownerDaysSql already read for days that include `dates` (the availability's per-slot read).
 */
export const assignedSlotOfferedSql = (
  slot: string,
  userId: Sql,
  dates: SqlList<LocalDate>,
  ownerDays?: Sql,
): Sql =>
  isEmptyList(dates)
    ? sql`TRUE`
    : sql`NOT (${sqlArray(dates, 'date')} && ${ownerDays ?? ownerDaysSql(slot, userId, dates)})`;

/** The AssignedSlot of the slot row `slot` as one JSON value, null when it is assigned to nobody. */
export const assignedSlotJsonSql = (slot: string): Sql =>
  sql`(SELECT json_build_object('ownerId', o.id::text, 'ownerIsActive', o.is_active,
      'releasedDates', (SELECT coalesce(json_agg(to_char(g.date, 'YYYY-MM-DD') ORDER BY g.date), '[]'::json)
        FROM assigned_slot_releases g WHERE g.parking_slot_id = ${sql.ref(`${slot}.id`)} AND g.owner_id = o.id),
      'holidays', (SELECT coalesce(json_agg(json_build_object('startDate', to_char(h.start_date, 'YYYY-MM-DD'),
          'endDate', to_char(h.end_date, 'YYYY-MM-DD')) ORDER BY h.start_date), '[]'::json)
        FROM holidays h WHERE h.user_id = o.id))
    FROM users o WHERE o.id = ${sql.ref(`${slot}.assigned_to_id`)})`;
