import { sql } from 'kysely';
import { columnsOf } from '../../platform/db/column-list.ts';
import {
  ownerSpansSql,
  reservationDaysSql,
  reservationEdgesSql,
  reservationUsageSql,
  rollupRebuildingSql,
  slotSpansSql,
  spansOf,
} from '../reservations/index.ts';

/** A row of day_rollup, as type_facts and garage_facts keep them. */
const DAY_ROLLUP_COLUMNS = columnsOf('f', [
  'date',
  'garage_id',
  'type',
  'grouping_set',
  'reservations',
  'cancellations',
  'deletions',
  'check_ins',
  'no_shows',
  'seconds',
  'lead_seconds',
]);

/*
 * The utilisation report's facts from the reservations' rollup (migration 0038), which their writes keep: a few
 * rows per garage and day, and per slot or person a few spans of the period, whatever the number of
 * reservations. A garage whose rollup is being rebuilt (its day window changed: migration 0046's job) is
 * computed directly from its reservations in the period instead, in rows of the rollup's shape, so a report
 * never adds figures of two windows. Each CTE is one the report's answer reads (utilisation-sql.ts's FactsOf).
 */
export const rollupFacts = ({ from, to }: { from: string; to: string }) => {
  const spans = spansOf(from, to);
  return sql`stale AS (SELECT g.garage_id FROM garages g WHERE g.garage_id IN (SELECT b.garage_id FROM ${rollupRebuildingSql} b)),
  direct AS (
    SELECT r.date, s.garage_id, r.parking_slot_id AS slot_id, r.owner_id, r.reservation_type,
      (NOT (r.cancelled OR r.deleted))::int AS held, r.cancelled::int AS cancelled, r.deleted::int AS deleted,
      r.checked_in::int AS checked_in, r.no_show::int AS no_show,
      CASE WHEN NOT (r.cancelled OR r.deleted) THEN r.lead_seconds ELSE 0 END AS lead_seconds,
      r.held * w.day_window AS inside
    FROM ${reservationUsageSql} r JOIN slots s ON s.slot_id = r.parking_slot_id
      JOIN windows w ON w.garage_id = s.garage_id AND w.date = r.date
    -- (The EXISTS is a one-time test: with no garage stale, no reservation is read.)
    WHERE EXISTS (SELECT FROM stale) AND r.date BETWEEN ${from}::date AND ${to}::date
      AND s.garage_id IN (SELECT garage_id FROM stale)),
  direct_measured AS (
    SELECT d.date, d.garage_id, d.slot_id, d.owner_id, d.reservation_type, d.held, d.cancelled, d.deleted,
      d.checked_in, d.no_show, d.lead_seconds, d.inside,
      coalesce(extract(epoch FROM upper(d.inside) - lower(d.inside)), 0) AS seconds FROM direct d),
  days_of_garages AS (
    SELECT d.date, d.garage_id, d.reservation_type, d.reservations, d.cancellations, d.deletions, d.check_ins,
      d.no_shows, d.held_seconds, d.lead_seconds
    FROM ${reservationDaysSql} d JOIN garages g ON g.garage_id = d.garage_id
    WHERE d.date BETWEEN ${from}::date AND ${to}::date AND g.garage_id NOT IN (SELECT garage_id FROM stale)
    UNION ALL
    SELECT d.date, d.garage_id, d.reservation_type, sum(d.held), sum(d.cancelled), sum(d.deleted), sum(d.checked_in),
      sum(d.no_show), sum(d.seconds), sum(d.lead_seconds)
    FROM direct_measured d GROUP BY 1, 2, 3),
  day_rollup AS (
    SELECT d.date, d.garage_id, d.reservation_type AS type,
      GROUPING(d.date, d.garage_id, d.reservation_type) AS grouping_set,
      sum(d.reservations) AS reservations, sum(d.cancellations) AS cancellations, sum(d.deletions) AS deletions,
      sum(d.check_ins) AS check_ins, sum(d.no_shows) AS no_shows, sum(d.held_seconds) AS seconds,
      sum(d.lead_seconds) / nullif(sum(d.reservations), 0) AS lead_seconds
    FROM days_of_garages d
    GROUP BY GROUPING SETS ((d.date), (d.garage_id), (d.reservation_type))),
  edges_of_garages AS (
    SELECT e.date, e.at, e.change FROM ${reservationEdgesSql} e JOIN garages g ON g.garage_id = e.garage_id
    WHERE e.date BETWEEN ${from}::date AND ${to}::date AND g.garage_id NOT IN (SELECT garage_id FROM stale)
    UNION ALL
    SELECT d.date, lower(d.inside), 1 FROM direct d WHERE NOT isempty(d.inside)
    UNION ALL
    SELECT d.date, upper(d.inside), -1 FROM direct d WHERE NOT isempty(d.inside)),
  day_facts AS (
    SELECT f.date, f.reservations, f.cancellations, f.seconds, f.check_ins, f.no_shows, coalesce(p.peak, 0) AS peak
    FROM day_rollup f LEFT JOIN (
      SELECT e.date, max(e.in_use) AS peak FROM (
        SELECT e.date, sum(sum(e.change)) OVER (PARTITION BY e.date ORDER BY e.at ROWS UNBOUNDED PRECEDING) AS in_use
        FROM edges_of_garages e GROUP BY e.date, e.at) e
      GROUP BY e.date) p ON p.date = f.date
    WHERE f.grouping_set = 3),
  type_facts AS (SELECT ${DAY_ROLLUP_COLUMNS} FROM day_rollup f WHERE f.grouping_set = 6),
  garage_facts AS (SELECT ${DAY_ROLLUP_COLUMNS} FROM day_rollup f WHERE f.grouping_set = 5),
  slot_facts AS (
    SELECT f.slot_id, sum(f.reservations) AS reservations, sum(f.held_seconds) AS seconds FROM (
      SELECT f.slot_id, f.total, f.reservations, f.held_seconds
      FROM ${slotSpansSql(spans)} f JOIN slots s ON s.slot_id = f.slot_id
      WHERE s.garage_id NOT IN (SELECT garage_id FROM stale)
      UNION ALL
      SELECT d.slot_id, 1, d.held, d.seconds FROM direct_measured d) f
    GROUP BY f.slot_id HAVING sum(f.total) > 0),
  owner_facts AS (
    SELECT f.owner_id, sum(f.reservations) AS reservations, sum(f.cancellations) AS cancellations,
      sum(f.check_ins) AS check_ins, sum(f.no_shows) AS no_shows FROM (
      SELECT f.owner_id, f.total, f.reservations, f.cancellations, f.check_ins, f.no_shows
      FROM ${ownerSpansSql(spans)} f JOIN garages g ON g.garage_id = f.garage_id
      WHERE g.garage_id NOT IN (SELECT garage_id FROM stale)
      UNION ALL
      SELECT d.owner_id, 1, d.held, d.cancelled, d.checked_in, d.no_show FROM direct d) f
    GROUP BY f.owner_id HAVING sum(f.total) > 0)`;
};
