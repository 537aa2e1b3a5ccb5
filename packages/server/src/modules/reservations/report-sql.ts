import { dayNumberOf } from '@parkhere/contract';
import { type RawBuilder, sql } from 'kysely';

/*
 * The reservations' figures as reports read them (issue 28): the rollup migration 0038's triggers keep in each
 * writing transaction, as derived tables to embed, so that only this module names its tables.
 */

type Sql = RawBuilder<unknown>;

/** The rollup's longest span: 2^8 days (migration 0038 rolls up levels 0 to 8). */
const TOP_LEVEL = 8;

/** The rollup's spans, each `[level, span]`: the 2^level days whose day number >> level is span. */
export type Span = readonly [level: number, span: number];

/**
 * The fewest of the rollup's spans that cover the days from `from` to `to` (both counted), each day once:
 * greedily the longest span that starts at the next day and ends by `to` (at most two per level).
 */
export function spansOf(from: string, to: string): Span[] {
  const spans: Span[] = [];
  const last = dayNumberOf(to);
  for (let day = dayNumberOf(from); day <= last; ) {
    let level = TOP_LEVEL;
    while (level > 0 && (day % 2 ** level !== 0 || day + 2 ** level - 1 > last)) {
      level -= 1;
    }
    spans.push([level, Math.floor(day / 2 ** level)]);
    day += 2 ** level;
  }
  return spans;
}

/**
 * Per day, garage and reservation type: `reservations` (held: neither cancelled nor deleted), `cancellations`,
 * `deletions`, `check_ins`, `no_shows`, `held_seconds` (every one's held interval inside the garage's day window,
 * as reservationUsageSql's `held`) and `lead_seconds` (summed over the held ones).
 */
export const reservationDaysSql: Sql = sql`(SELECT d.date, d.garage_id, d.reservation_type, d.reservations,
    d.cancellations, d.deletions, d.check_ins, d.no_shows, d.held_seconds, d.lead_seconds
  FROM reservation_day_rollup d)`;

/**
 * The garages whose rollup is being rebuilt (`garage_id`; migration 0046): their day window changed, so their
 * rows above are partial until the rebuild job is through, and a report computes their figures directly from
 * reservationUsageSql instead.
 */
export const rollupRebuildingSql: Sql = sql`(SELECT b.garage_id FROM reservation_rollup_rebuilds b)`;

/**
 * Per day, garage and instant: how many held intervals (inside the day window) start then minus how many end;
 * their running sum over a day's instants is the number of slots in use.
 */
export const reservationEdgesSql: Sql = sql`(SELECT e.date, e.garage_id, e.at, e.change
  FROM reservation_edge_rollup e)`;

const spanTable = (spans: Span[]) =>
  sql`unnest(${spans.map(([level]) => level)}::int[], ${spans.map(([, span]) => span)}::int[]) AS p (level, span)`;

/**
 * Per slot, a row for each of `spans` it was booked in: `total` (every reservation, whatever became of it),
 * `reservations` (held ones) and `held_seconds` (inside the day window); sum them for the period.
 */
export const slotSpansSql = (
  spans: Span[],
): Sql => sql`(SELECT s.slot_id, s.total, s.reservations, s.held_seconds
  FROM reservation_slot_rollup s JOIN ${spanTable(spans)} ON s.span_level = p.level AND s.span = p.span)`;

/**
 * Per owner and garage, a row for each of `spans` they booked in: `total`, `reservations` (held ones),
 * `cancellations`, `check_ins` and `no_shows`; sum them for the period.
 */
export const ownerSpansSql = (
  spans: Span[],
): Sql => sql`(SELECT o.owner_id, o.garage_id, o.total, o.reservations,
    o.cancellations, o.check_ins, o.no_shows
  FROM reservation_owner_rollup o JOIN ${spanTable(spans)} ON o.span_level = p.level AND o.span = p.span)`;
