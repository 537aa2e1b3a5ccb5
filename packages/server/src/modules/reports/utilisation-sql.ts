import { type RawBuilder, sql } from 'kysely';
import { additionalDaysSql, configuredDaySql } from '../configuration/index.ts';
import { drawRequestsSql } from '../draw/index.ts';
import { slotsWithGarageSql } from '../garages/index.ts';
import { userNamesSql } from '../users/index.ts';
import { waitlistEntriesSql } from '../waitlist/index.ts';
import { rollupFacts } from './rollup-facts.ts';

/*
 * The utilisation report as one statement over the modules' read models, answering one row of JSON; no
 * reservation comes to the server. The reservations' figures come from their rollup (rollup-facts.ts), a few
 * rows per garage and day whatever their number; the period's calendar, day windows and available hours,
 * the waitlist's and the draw's outcomes are read here.
 */

export type ReportPeriod = {
  from: string;
  to: string;
  /** The garage's id, or null for every garage. */
  garageId: string | null;
  /** The public holidays within the period (the calendar computes them; additional days come from SQL). */
  publicHolidays: readonly string[];
};

/**
 * The reservations' facts of a period as CTEs the answer reads, over the CTEs `slots`, `garages` and `windows`
 * of the period's scope: day_facts (date, reservations, cancellations, seconds, check_ins, no_shows, peak),
 * type_facts (type, reservations, cancellations, deletions, lead_seconds: the held ones' average), garage_facts
 * (garage_id, reservations, cancellations, check_ins, no_shows), slot_facts (slot_id, reservations, seconds; each
 * slot with any reservation) and owner_facts (owner_id and as garage_facts; each owner with any reservation).
 * Reservations count the held ones (neither cancelled nor deleted); seconds are every one's held instants inside
 * the day window.
 */
export type FactsOf = (period: ReportPeriod) => RawBuilder<unknown>;

/** Hours of a range of instants (0 when empty), to two decimals. */
const hoursOf = (seconds: RawBuilder<unknown>) => sql`round((${seconds}) / 3600.0, 2)::float8`;
export const lengthSeconds = (range: string) =>
  sql`coalesce(extract(epoch FROM upper(${sql.raw(range)}) - lower(${sql.raw(range)})), 0)`;
const share = (part: string, whole: string) =>
  sql`CASE WHEN ${sql.raw(whole)} > 0 THEN round(${sql.raw(part)}::numeric / ${sql.raw(whole)}, 4)::float8 END`;

/** Reservations, check-ins, no-shows, releases and the no-show rate of a row of `facts`, as a JSON object. */
const attendance = (alias: string) => {
  const column = (name: string) => `coalesce(${alias}.${name}, 0)`;
  return sql`jsonb_build_object('reservations', ${sql.raw(column('reservations'))},
    'checkIns', ${sql.raw(column('check_ins'))}, 'noShows', ${sql.raw(column('no_shows'))},
    'releases', ${sql.raw(column('cancellations'))},
    'noShowRate', ${share(column('no_shows'), `(${column('check_ins')} + ${column('no_shows')})`)})`;
};

/**
 * The report of `period` as one row: `answer`, a JSON object of days, weekdays, slots, types, garages, users;
 * the reservations' figures from `factsOf` (the rollup's unless a test compares another computation).
 */
export const utilisationSql = (period: ReportPeriod, factsOf: FactsOf = rollupFacts) => {
  const { from, to, garageId } = period;
  return sql<{ answer: Record<string, unknown> }>`WITH
  config AS ${configuredDaySql},
  calendar AS (
    SELECT p.date::date AS date, CASE a.type_of_day WHEN 'WORK' THEN true WHEN 'HOLIDAY' THEN false
      ELSE extract(isodow FROM p.date) < 6 AND p.date::date <> ALL (${period.publicHolidays}::date[]) END AS working
    FROM generate_series(${from}::date, ${to}::date, interval '1 day') AS p (date)
      LEFT JOIN ${additionalDaysSql} a ON a.day = p.date::date),
  slots AS (SELECT s.slot_id, s.slot_version, s.slot_name, s.active, s.garage_id, s.garage_name,
      s.working_hours_start, s.working_hours_end
    FROM ${slotsWithGarageSql} s WHERE ${garageId}::bigint IS NULL OR s.garage_id = ${garageId}::bigint),
  garages AS (
    SELECT s.garage_id, min(s.garage_name) AS garage_name, count(*) FILTER (WHERE s.active) AS active_slots,
      coalesce(min(s.working_hours_start), min(config.working_hours_start)) AS starts,
      coalesce(min(s.working_hours_end), min(config.working_hours_end)) AS ends
    FROM slots s CROSS JOIN config GROUP BY s.garage_id),
  windows AS (
    SELECT k.date, k.working, g.garage_id, g.active_slots,
      tstzrange((k.date + g.starts) AT TIME ZONE config.time_zone, (k.date + g.ends) AT TIME ZONE config.time_zone,
        '[)') AS day_window
    FROM calendar k CROSS JOIN garages g CROSS JOIN config),
  ${factsOf(period)},
  available AS (
    SELECT w.date, sum(CASE WHEN w.working THEN w.active_slots * ${lengthSeconds('w.day_window')} ELSE 0 END) AS seconds
    FROM windows w GROUP BY w.date),
  unserved AS (
    SELECT e.date, count(*) AS entries FROM ${waitlistEntriesSql} e
    WHERE e.unserved AND e.date BETWEEN ${from}::date AND ${to}::date
      AND (${garageId}::bigint IS NULL OR e.garage_id = ${garageId}::bigint)
    GROUP BY e.date),
  losers AS (
    SELECT d.date, count(*) AS requests FROM ${drawRequestsSql} d
    WHERE d.lost AND d.date BETWEEN ${from}::date AND ${to}::date
      AND (${garageId}::bigint IS NULL OR d.garage_id = ${garageId}::bigint)
    GROUP BY d.date),
  days AS (
    SELECT k.date, k.working, coalesce(f.reservations, 0) AS reservations, coalesce(f.cancellations, 0) AS cancellations,
      coalesce(f.seconds, 0) AS reserved, a.seconds AS available, coalesce(f.peak, 0) AS peak,
      coalesce(f.check_ins, 0) AS check_ins, coalesce(f.no_shows, 0) AS no_shows,
      coalesce(u.entries, 0) AS unserved, coalesce(l.requests, 0) AS losers
    FROM calendar k JOIN available a ON a.date = k.date LEFT JOIN day_facts f ON f.date = k.date
      LEFT JOIN unserved u ON u.date = k.date LEFT JOIN losers l ON l.date = k.date),
  weekdays AS (
    SELECT extract(isodow FROM d.date)::int AS weekday, count(*) AS days, sum(d.reservations) AS reservations,
      sum(d.reserved) AS reserved, sum(d.available) AS available, max(d.peak) AS peak
    FROM days d GROUP BY 1)
  SELECT json_build_object('from', ${from}::text, 'to', ${to}::text,
    'timeZone', (SELECT c.time_zone FROM config c),
    'days', (SELECT coalesce(json_agg(json_build_object('date', to_char(d.date, 'YYYY-MM-DD'),
      'workingDay', d.working, 'reservations', d.reservations, 'cancellations', d.cancellations,
      'reservedSlotHours', ${hoursOf(sql`d.reserved`)}, 'availableSlotHours', ${hoursOf(sql`d.available`)},
      'occupancy', ${share('d.reserved', 'd.available')}, 'peakInUse', d.peak, 'checkIns', d.check_ins,
      'noShows', d.no_shows, 'waitlistUnserved', d.unserved, 'drawLosers', d.losers) ORDER BY d.date), '[]')
      FROM days d),
    'weekdays', (SELECT coalesce(json_agg(json_build_object('weekday', w.weekday, 'days', w.days,
      'reservations', w.reservations, 'reservedSlotHours', ${hoursOf(sql`w.reserved`)},
      'availableSlotHours', ${hoursOf(sql`w.available`)}, 'occupancy', ${share('w.reserved', 'w.available')},
      'peakInUse', w.peak) ORDER BY w.weekday), '[]') FROM weekdays w),
    'slots', (SELECT coalesce(json_agg(json_build_object('id', s.slot_id::text, 'version', s.slot_version,
      'name', s.slot_name, 'garageName', s.garage_name, 'active', s.active,
      'reservations', coalesce(f.reservations, 0), 'hoursUsed', ${hoursOf(sql`coalesce(f.seconds, 0)`)})
      ORDER BY s.slot_name, s.slot_id), '[]')
      FROM slots s LEFT JOIN slot_facts f ON f.slot_id = s.slot_id
      WHERE s.active OR f.slot_id IS NOT NULL),
    'types', (SELECT json_agg(json_build_object('type', t.type, 'reservations', coalesce(f.reservations, 0),
      'cancellations', coalesce(f.cancellations, 0), 'deletions', coalesce(f.deletions, 0),
      'averageLeadHours', ${hoursOf(sql`f.lead_seconds`)}) ORDER BY t.ordinal)
      FROM unnest(enum_range(NULL::reservation_type)) WITH ORDINALITY AS t (type, ordinal)
        LEFT JOIN type_facts f ON f.type = t.type),
    'garages', (SELECT coalesce(json_agg(${attendance('f')} || jsonb_build_object('name', g.garage_name)
      ORDER BY g.garage_name), '[]')
      FROM garages g LEFT JOIN garage_facts f ON f.garage_id = g.garage_id),
    'users', (SELECT coalesce(json_agg(${attendance('f')} || jsonb_build_object('name', u.name, 'email', u.email)
      ORDER BY f.no_shows DESC, u.name, u.id), '[]')
      FROM owner_facts f JOIN ${userNamesSql} u ON u.id = f.owner_id)
  ) AS answer`;
};
