import type { LocalDate, LocalTime } from '@parkhere/contract';
import { type RawBuilder, sql } from 'kysely';
import { ownerDaysSql } from '../assigned-slots/index.ts';
import { slotsActorMayReserveFor } from '../garages/index.ts';
import { type RuleContext, slotOfferedSql, slotOfferOnDay } from './rules/index.ts';

/*
 * Availability at a glance (issue 32, item 1): per day of a series (`day`, SQL of the caller's statement over
 * generate_series), the slots offered to the user and how many of them are free for the asked hours, by the
 * free-slot range's own fragments (slotsActorMayReserveFor, slotOfferedSql for one day, freeOn's overlap
 * probe), and the user's own reservations of the day.
 */

type Sql = RawBuilder<unknown>;

/** What the counts read: whose, with which car (the form's default one), the hours, the days and the rules. */
export type AvailabilityAsk = {
  userId: string;
  carId: string | null;
  startTime: LocalTime;
  endTime: LocalTime;
  /** Every day of the series; counts are made on `workingDates` only. */
  dates: readonly LocalDate[];
  workingDates: readonly LocalDate[];
  context: RuleContext;
};

/**
 * The counts of the working days as a derived table `(day date, total int, free int)`, one row per working day
 * that offers the user any slot. Set-based, not one overlap probe per slot and day: the slots offered on each
 * day (the free-slot range's rules for that day), then the ACTIVE reservations of those slots over the whole
 * period, read once per slot from `reservations_active_slot_day` (migration 0057), matched to the days whose
 * hours they meet. A reservation lies on its own date's wall-clock day, or a day beside it after the configured
 * time zone changed, hence the date bounds. On bench:api's data the probes were 44 of 67 ms (1,587 GiST probes
 * for two weeks). The assigned-slot rule's owner days are read once per slot for the whole period (ownerDaysSql),
 * not once per slot and day: the offered step went from 7.2 to 5.0 ms (EXPLAIN ANALYZE, 250 slots, 10 days).
 */
export const availabilityCountsSql = (ask: AvailabilityAsk): Sql => {
  const { timeZone } = ask.context;
  const userId = sql`${ask.userId}::bigint`;
  const offer = slotOfferOnDay(
    { userId, carId: sql`${ask.carId}::bigint` },
    { date: sql`w.day`, start: sql`w.start_at` },
    ask.dates,
    ask.context,
    sql`s.owner_days`,
  );
  const first = ask.workingDates[0] ?? null;
  const last = ask.workingDates[ask.workingDates.length - 1] ?? null;
  return sql`(WITH w AS MATERIALIZED (SELECT d.day, (d.day + ${ask.startTime}::time) AT TIME ZONE ${timeZone} AS start_at,
        tstzrange((d.day + ${ask.startTime}::time) AT TIME ZONE ${timeZone},
          (d.day + ${ask.endTime}::time) AT TIME ZONE ${timeZone}, '[)') AS during
      FROM unnest(${ask.workingDates}::date[]) AS d(day)),
    slots AS MATERIALIZED (SELECT s.id, s.assigned_to_id, s.reserved_for_group_id, s.is_accessible, s.has_charger,
        ${ownerDaysSql('s', userId, ask.workingDates)} AS owner_days
      FROM parking_slots s WHERE ${slotsActorMayReserveFor('s', userId, ask.context.actor.isAdministrator)}),
    offered AS MATERIALIZED (SELECT w.day, s.id FROM w CROSS JOIN slots s WHERE ${slotOfferedSql('s', offer)}),
    busy AS (SELECT DISTINCT w.day, r.parking_slot_id AS id
      FROM (SELECT DISTINCT o.id FROM offered o) c
      JOIN reservations r ON r.parking_slot_id = c.id AND r.reservation_status = 'ACTIVE'
        AND r.date BETWEEN ${first}::date - 1 AND ${last}::date + 1
      CROSS JOIN LATERAL (VALUES (r.date - 1), (r.date), (r.date + 1)) AS near(day)
      JOIN w ON w.day = near.day AND r.during && w.during)
    SELECT o.day, count(*)::int AS total, (count(*) - count(b.id))::int AS free
    FROM offered o LEFT JOIN busy b ON b.day = o.day AND b.id = o.id GROUP BY o.day)`;
};

/**
 * The user's reservations of the day that hold or held their slot, by start, as a JSON array. A cancelled one
 * (EXPIRED with cancelled_at) is not among them: it was given back, and its cut end, at the second of the
 * cancel, would read as a booking of the very minute the user may book again.
 */
export const ownReservationsOnSql = (userId: string, day: Sql): Sql =>
  sql`(SELECT coalesce(json_agg(json_build_object('slotName', s.aggregared_name,
      'startTime', to_char(r.start_time, 'HH24:MI:SS'), 'endTime', to_char(r.end_time, 'HH24:MI:SS'),
      'reservationType', r.reservation_type, 'guestName', r.guest_name) ORDER BY r.during, r.id), '[]'::json)
    FROM reservations r JOIN parking_slots s ON s.id = r.parking_slot_id
    WHERE r.owner_id = ${userId}::bigint AND r.date = ${day} AND r.reservation_status IN ('ACTIVE', 'EXPIRED')
      AND r.cancelled_at IS NULL)`;
