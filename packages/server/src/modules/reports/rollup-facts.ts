import { sql } from 'kysely';
import {
  ownerSpansSql,
  reservationDaysSql,
  reservationEdgesSql,
  slotSpansSql,
  spansOf,
} from '../reservations/index.ts';

/*
 * The utilisation report's facts from the reservations' rollup (migration 0038), which their writes keep: a few
 * rows per garage and day, and per slot or person a few spans of the period, whatever the number of
 * reservations. Each CTE is one the report's answer reads (utilisation-sql.ts's FactsOf).
 */
export const rollupFacts = ({ from, to }: { from: string; to: string }) => {
  const spans = spansOf(from, to);
  return sql`day_rollup AS (
    SELECT d.date, d.garage_id, d.reservation_type AS type,
      GROUPING(d.date, d.garage_id, d.reservation_type) AS grouping_set,
      sum(d.reservations) AS reservations, sum(d.cancellations) AS cancellations, sum(d.deletions) AS deletions,
      sum(d.check_ins) AS check_ins, sum(d.no_shows) AS no_shows, sum(d.held_seconds) AS seconds,
      sum(d.lead_seconds) / nullif(sum(d.reservations), 0) AS lead_seconds
    FROM ${reservationDaysSql} d JOIN garages g ON g.garage_id = d.garage_id
    WHERE d.date BETWEEN ${from}::date AND ${to}::date
    GROUP BY GROUPING SETS ((d.date), (d.garage_id), (d.reservation_type))),
  day_facts AS (
    SELECT f.date, f.reservations, f.cancellations, f.seconds, f.check_ins, f.no_shows, coalesce(p.peak, 0) AS peak
    FROM day_rollup f LEFT JOIN (
      SELECT e.date, max(e.in_use) AS peak FROM (
        SELECT e.date, sum(sum(e.change)) OVER (PARTITION BY e.date ORDER BY e.at ROWS UNBOUNDED PRECEDING) AS in_use
        FROM ${reservationEdgesSql} e JOIN garages g ON g.garage_id = e.garage_id
        WHERE e.date BETWEEN ${from}::date AND ${to}::date
        GROUP BY e.date, e.at) e
      GROUP BY e.date) p ON p.date = f.date
    WHERE f.grouping_set = 3),
  type_facts AS (SELECT * FROM day_rollup f WHERE f.grouping_set = 6),
  garage_facts AS (SELECT * FROM day_rollup f WHERE f.grouping_set = 5),
  slot_facts AS (
    SELECT f.slot_id, sum(f.reservations) AS reservations, sum(f.held_seconds) AS seconds
    FROM ${slotSpansSql(spans)} f JOIN slots s ON s.slot_id = f.slot_id
    GROUP BY f.slot_id HAVING sum(f.total) > 0),
  owner_facts AS (
    SELECT f.owner_id, sum(f.reservations) AS reservations, sum(f.cancellations) AS cancellations,
      sum(f.check_ins) AS check_ins, sum(f.no_shows) AS no_shows
    FROM ${ownerSpansSql(spans)} f JOIN garages g ON g.garage_id = f.garage_id
    GROUP BY f.owner_id HAVING sum(f.total) > 0)`;
};
