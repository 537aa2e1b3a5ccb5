import type { LocalDate } from '@parkhere/contract';
import { type Kysely, sql } from 'kysely';
import { instant } from '../../engine/access.ts';
import type { DB } from '../../platform/db/schema.ts';
import { garagesUserMayReserveIn } from '../garages/index.ts';
import {
  loadRuleContext,
  noShowsWithinSql,
  ownBookingOverlapsSql,
  type ReservationRequest,
  slotBookingsSql,
  slotOfferedSql,
  slotOfferOf,
} from '../reservations/index.ts';
import type { DrawInputs, DrawRequestInput, DrawSlotInput } from './rules/run-draw.ts';
import { fairnessWindow, weightOf } from './rules/weights.ts';

/*
 * What a draw freezes at its cut-off, read in its transaction: the garage's day's PENDING requests (locked, so
 * a withdrawal waits for the draw and then finds it decided) with each requester's weight and priority, and the
 * slots the draw may give with what is already booked on them.
 */

/**
 * A frozen request and the reservation it becomes if it wins; a LONG request's day carries the request's
 * series, which its reservation joins (CreateReservationInput.seriesId says why).
 */
export type DrawnRequest = ReservationRequest & { garageId: string; input: DrawRequestInput };

type RequestRow = Omit<ReservationRequest, 'start' | 'end'> & {
  requestId: string;
  garageId: string;
  preferredSlotId: string | null;
  start: Date | string;
  end: Date | string;
  wins: number;
  losses: number;
  noShows: number;
  priority: string | null;
  mayReserve: boolean;
};

const results = (status: 'WON' | 'LOST', from: LocalDate, to: LocalDate) =>
  sql`(SELECT count(*)::int FROM draw_requests h WHERE h.user_id = q.user_id AND h.draw_status = ${status}
    AND h.date >= ${from}::date AND h.date < ${to}::date)`;

/** A request `q` (with its owner `u`) as the reservation it becomes: what serving it reads. */
export const requestColumns = sql`q.id::text AS request_id, q.user_id::text AS user_id, u.email,
      q.parking_garage_id::text AS garage_id, q.preferred_slot_id::text AS preferred_slot_id,
      q.car_id::text AS car_id, NULL AS guest_name, NULL AS guest_email, NULL AS guest_license_plate,
      to_char(q.date, 'YYYY-MM-DD') AS date, to_char(q.start_time, 'HH24:MI:SS') AS start_time,
      to_char(q.end_time, 'HH24:MI:SS') AS end_time, lower(q.during) AS start, upper(q.during) AS "end",
      q.reservation_type AS type, q.send_notification,
      to_char(q.reminder_before_reservation, 'HH24:MI:SS') AS reminder_before, false AS notify_doorman,
      q.created_by, q.series_id::text AS series_id`;

async function pendingRequests(
  db: Kysely<DB>,
  garageId: string,
  date: LocalDate,
  fairnessWeeks: number,
): Promise<RequestRow[]> {
  const { from, to } = fairnessWindow(date, fairnessWeeks);
  const found = await sql<RequestRow>`SELECT ${requestColumns},
      ${results('WON', from, to)} AS wins, ${results('LOST', from, to)} AS losses,
      ${noShowsWithinSql(sql`q.user_id`, from, to)} AS no_shows,
      (SELECT p.category FROM draw_priorities p WHERE p.user_id = q.user_id AND p.expires >= q.date
        ORDER BY p.category LIMIT 1) AS priority,
      (u.is_active AND ${garagesUserMayReserveIn('g', sql`q.user_id`)}
        AND NOT ${ownBookingOverlapsSql(sql`q.user_id`, sql`q.during`)}) AS may_reserve
    FROM draw_requests q JOIN users u ON u.id = q.user_id JOIN parking_garages g ON g.id = q.parking_garage_id
    WHERE q.parking_garage_id = ${garageId}::bigint AND q.date = ${date}::date AND q.draw_status = 'PENDING'
    ORDER BY q.id
    FOR UPDATE OF q`.execute(db);
  return found.rows;
}

/** The garage's slots a user's request may be given (active, not exclusive) with their bookings in `span`. */
async function slotsOf(db: Kysely<DB>, garageId: string, span: { start: Date; end: Date }) {
  const range = sql`tstzrange(${instant(span.start)}, ${instant(span.end)}, '[)')`;
  const found =
    await sql<DrawSlotInput>`SELECT s.id::text AS slot_id, ${slotBookingsSql(sql`s.id`, range)} AS busy
    FROM parking_slots s
    WHERE s.parking_garage_id = ${garageId}::bigint AND s.is_active AND NOT s.is_exclusive
    ORDER BY s.id`.execute(db);
  return found.rows;
}

/**
 * For each request, the garage's slots the draw may give (`slotsOf`) that are not offered to it (a pool, an
 * accessible slot, a charger, a slot its owner keeps that day: reservations' slotOfferedSql, as the create the
 * winner is booked by would refuse).
 * Only the garage's slots that any of the rules concerns are looked at, one statement a request; none, none.
 */
async function notOfferedOf(
  db: Kysely<DB>,
  garageId: string,
  requests: readonly DrawnRequest[],
  now: Date,
): Promise<Map<string, string[]>> {
  const notOffered = new Map<string, string[]>();
  const concerned = await sql<{ id: string }>`SELECT s.id::text AS id FROM parking_slots s
    WHERE s.parking_garage_id = ${garageId}::bigint AND s.is_active AND NOT s.is_exclusive
      AND (s.reserved_for_group_id IS NOT NULL OR s.is_accessible OR s.has_charger
        OR s.assigned_to_id IS NOT NULL)`.execute(db);
  if (concerned.rows.length === 0) {
    return notOffered;
  }
  const ids = concerned.rows.map((row) => row.id);
  // The requesters book as users (serveOnSlots): the context of one of them is the context of each.
  const context = await loadRuleContext(
    db,
    { userId: requests[0]?.userId ?? '', email: '', isAdministrator: false, isDoorman: false },
    now,
  );
  for (const request of requests) {
    const offer = slotOfferOf(
      { userId: sql`${request.userId}::bigint`, carId: sql`${request.carId}::bigint` },
      [{ date: request.date, start: request.start, end: request.end }],
      context,
    );
    const refused = await sql<{ id: string }>`SELECT s.id::text AS id FROM parking_slots s
      WHERE s.id = ANY (${ids}::bigint[]) AND NOT ${slotOfferedSql('s', offer)} ORDER BY s.id`.execute(db);
    notOffered.set(
      request.input.requestId,
      refused.rows.map((row) => row.id),
    );
  }
  return notOffered;
}

/** The draw's frozen inputs, and each request as the reservation it becomes, by request id. */
export async function freezeInputs(
  db: Kysely<DB>,
  garageId: string,
  date: LocalDate,
  fairnessWeeks: number,
  now: Date,
): Promise<{ inputs: DrawInputs; requests: Map<string, DrawnRequest> }> {
  const rows = await pendingRequests(db, garageId, date, fairnessWeeks);
  const requests = new Map<string, DrawnRequest>();
  for (const { wins, losses, noShows, priority, mayReserve, requestId, preferredSlotId, ...row } of rows) {
    const start = new Date(row.start);
    const end = new Date(row.end);
    const input: DrawRequestInput = {
      requestId,
      userId: row.userId,
      start: start.toISOString(),
      end: end.toISOString(),
      preferredSlotId,
      weight: weightOf({ wins, losses, noShows }),
      priority,
      mayReserve,
    };
    requests.set(requestId, { ...row, start, end, input });
  }
  for (const [requestId, slots] of await notOfferedOf(db, garageId, [...requests.values()], now)) {
    const request = requests.get(requestId);
    if (request !== undefined && slots.length > 0) {
      request.input = { ...request.input, notOffered: slots };
    }
  }
  const spans = [...requests.values()];
  const slots =
    spans.length === 0
      ? []
      : await slotsOf(db, garageId, {
          start: new Date(Math.min(...spans.map((request) => request.start.getTime()))),
          end: new Date(Math.max(...spans.map((request) => request.end.getTime()))),
        });
  return { inputs: { requests: spans.map((request) => request.input), slots }, requests };
}
