import { sql } from 'kysely';
import { type FactsOf, lengthSeconds } from '../../src/modules/reports/utilisation-sql.ts';
import { reservationUsageSql } from '../../src/modules/reservations/index.ts';

/*
 * The utilisation report's facts computed directly over every reservation of the period (the report's first
 * statement, before the rollup): the reference the rollup's figures must equal. One pass over the reservations,
 * grouped by day, slot, type, garage, owner and the held intervals' edges at once.
 */

// GROUPING(date, slot_id, type, garage_id, owner_id, from_at, until_at): a 1 bit for each column a set leaves out.
const SETS = { day: 63, slot: 95, type: 111, garage: 119, owner: 123, starts: 61, ends: 62 } as const;
const setOf = (name: keyof typeof SETS) => sql.lit(SETS[name]);

export const directFacts: FactsOf = ({ from, to }) => sql`scoped AS (
    SELECT r.date, r.parking_slot_id AS slot_id, r.reservation_type AS type, w.garage_id, r.owner_id,
      NOT (r.cancelled OR r.deleted) AS held, r.cancelled, r.deleted, r.checked_in, r.no_show, r.lead_seconds,
      r.held * w.day_window AS inside
    FROM ${reservationUsageSql} r JOIN slots s ON s.slot_id = r.parking_slot_id
      JOIN windows w ON w.garage_id = s.garage_id AND w.date = r.date
    WHERE r.date BETWEEN ${from}::date AND ${to}::date),
  facts AS (
    SELECT r.date, r.slot_id, r.type, r.garage_id, r.owner_id, lower(r.inside) AS from_at, upper(r.inside) AS until_at,
      GROUPING(r.date, r.slot_id, r.type, r.garage_id, r.owner_id, lower(r.inside), upper(r.inside)) AS grouping_set,
      count(*) FILTER (WHERE r.held) AS reservations, count(*) FILTER (WHERE r.cancelled) AS cancellations,
      count(*) FILTER (WHERE r.deleted) AS deletions, count(*) FILTER (WHERE r.checked_in) AS check_ins,
      count(*) FILTER (WHERE r.no_show) AS no_shows, sum(${lengthSeconds('r.inside')}) AS seconds,
      count(*) FILTER (WHERE NOT isempty(r.inside)) AS in_use, avg(r.lead_seconds) FILTER (WHERE r.held) AS lead_seconds
    FROM scoped r
    GROUP BY GROUPING SETS ((r.date), (r.slot_id), (r.type), (r.garage_id), (r.owner_id),
      (r.date, lower(r.inside)), (r.date, upper(r.inside)))),
  edges AS (
    SELECT f.date, f.from_at AS at, f.in_use AS change FROM facts f
      WHERE f.grouping_set = ${setOf('starts')} AND f.from_at IS NOT NULL
    UNION ALL
    SELECT f.date, f.until_at, -f.in_use FROM facts f
      WHERE f.grouping_set = ${setOf('ends')} AND f.until_at IS NOT NULL),
  peaks AS (
    SELECT e.date, max(e.in_use) AS peak FROM (
      SELECT e.date, sum(e.change) OVER (PARTITION BY e.date ORDER BY e.at, e.change ROWS UNBOUNDED PRECEDING) AS in_use
      FROM edges e) e
    GROUP BY e.date),
  day_facts AS (
    SELECT f.*, coalesce(p.peak, 0) AS peak FROM facts f LEFT JOIN peaks p ON p.date = f.date
    WHERE f.grouping_set = ${setOf('day')}),
  type_facts AS (SELECT * FROM facts f WHERE f.grouping_set = ${setOf('type')}),
  garage_facts AS (SELECT * FROM facts f WHERE f.grouping_set = ${setOf('garage')}),
  slot_facts AS (SELECT * FROM facts f WHERE f.grouping_set = ${setOf('slot')}),
  owner_facts AS (SELECT * FROM facts f WHERE f.grouping_set = ${setOf('owner')})`;
