import type { LocalDate, LocalTime } from '@parkhere/contract';
import { type RawBuilder, sql } from 'kysely';
import { slotsActorMayReserveFor } from '../garages/index.ts';
import { type RuleContext, slotOfferedSql, slotOfferOnDay } from './rules/index.ts';
import { freeDuring } from './slot-queries.ts';

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

/** `{ total, free }` of the day as one JSON value; null on a day not in `workingDates`. */
export const availabilityCountsSql = (day: Sql, ask: AvailabilityAsk): Sql => {
  const at = (time: LocalTime) => sql`(${day} + ${time}::time) AT TIME ZONE ${ask.context.timeZone}`;
  const start = at(ask.startTime);
  const userId = sql`${ask.userId}::bigint`;
  const offer = slotOfferOnDay(
    { userId, carId: sql`${ask.carId}::bigint` },
    { date: day, start },
    ask.dates,
    ask.context,
  );
  const free = freeDuring('s', day, sql`tstzrange(${start}, ${at(ask.endTime)}, '[)')`);
  return sql`(CASE WHEN ${day} = ANY(${ask.workingDates}::date[]) THEN (SELECT json_build_object(
      'total', count(*)::int, 'free', (count(*) FILTER (WHERE ${free}))::int)
    FROM parking_slots s WHERE ${slotsActorMayReserveFor('s', userId, ask.context.actor.isAdministrator)}
      AND ${slotOfferedSql('s', offer)}) END)`;
};

/** The user's reservations of the day that hold or held their slot, by start, as a JSON array. */
export const ownReservationsOnSql = (userId: string, day: Sql): Sql =>
  sql`(SELECT coalesce(json_agg(json_build_object('slotName', s.aggregared_name,
      'startTime', to_char(r.start_time, 'HH24:MI:SS'), 'endTime', to_char(r.end_time, 'HH24:MI:SS'),
      'reservationType', r.reservation_type, 'guestName', r.guest_name) ORDER BY r.during, r.id), '[]'::json)
    FROM reservations r JOIN parking_slots s ON s.id = r.parking_slot_id
    WHERE r.owner_id = ${userId}::bigint AND r.date = ${day} AND r.reservation_status IN ('ACTIVE', 'EXPIRED'))`;
