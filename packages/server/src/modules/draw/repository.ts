import type { DrawSettings, DrawStatus, Interval, LocalDate, ReservationType } from '@parkhere/contract';
import { type Kysely, sql } from 'kysely';
import { instant } from '../../engine/access.ts';
import type { DB } from '../../platform/db/schema.ts';
import { garageDrawSql, garagesUserMayReserveIn } from '../garages/index.ts';

/*
 * The SQL of the draw_requests table, besides the engine's mapping (source.ts). Every function is one
 * statement; the operations keep the rules and call these.
 */

/** The garage a request names, or its preferred slot's: its draw, and what the request rules ask of it. */
export type RequestGarage = { id: string; draw: DrawSettings; mayReserve: boolean; slotInGarage: boolean };

export async function readRequestGarage(
  db: Kysely<DB>,
  request: { garageId: string | null; slotId: string | null; userId: string },
): Promise<RequestGarage | undefined> {
  const { garageId, slotId, userId } = request;
  const found = await sql<RequestGarage>`SELECT g.id::text AS id, ${garageDrawSql('g')} AS draw,
      ${garagesUserMayReserveIn('g', sql`${userId}`)} AS may_reserve,
      (${slotId}::bigint IS NULL OR EXISTS (SELECT 1 FROM parking_slots s
        WHERE s.id = ${slotId}::bigint AND s.parking_garage_id = g.id)) AS slot_in_garage
    FROM parking_garages g
    WHERE g.id = coalesce(${garageId}::bigint,
      (SELECT s.parking_garage_id FROM parking_slots s WHERE s.id = ${slotId}::bigint))`.execute(db);
  return found.rows[0];
}

/** The days of one request: what every row shares, and each day's interval. */
export type NewRequests = {
  userId: string;
  garageId: string;
  preferredSlotId: string | null;
  carId: string | null;
  startTime: string;
  endTime: string;
  type: ReservationType;
  seriesId: string | null;
  sendNotification: boolean;
  reminderBefore: string;
  intervals: readonly (Interval & { date: LocalDate })[];
  createdBy: string;
  now: Date;
};

/**
 * Inserts a request's days; a day the user already has a PENDING request for (the partial unique index
 * draw_requests_one_pending_a_day) is left out instead of failing the transaction: the caller compares.
 */
export async function insertRequests(db: Kysely<DB>, requests: NewRequests): Promise<string[]> {
  const days = requests.intervals.map((interval) => ({
    date: interval.date,
    start: interval.start.toISOString(),
    end: interval.end.toISOString(),
  }));
  const inserted = await sql<{ id: string }>`INSERT INTO draw_requests (user_id, parking_garage_id,
      preferred_slot_id, car_id, date, start_time, end_time, during, reservation_type, series_id,
      send_notification, reminder_before_reservation, created, created_by)
    SELECT ${requests.userId}::bigint, ${requests.garageId}::bigint, ${requests.preferredSlotId}::bigint,
      ${requests.carId}::bigint, d.date::date, ${requests.startTime}::time, ${requests.endTime}::time,
      tstzrange(d.start::timestamptz, d."end"::timestamptz, '[)'), ${requests.type}::reservation_type,
      ${requests.seriesId}::uuid, ${requests.sendNotification}, ${requests.reminderBefore}::interval,
      ${instant(requests.now)}, ${requests.createdBy}
    FROM jsonb_to_recordset(${JSON.stringify(days)}::jsonb) AS d(date text, start text, "end" text)
    ORDER BY d.date
    ON CONFLICT DO NOTHING
    RETURNING id::text AS id`.execute(db);
  return inserted.rows.map((row) => row.id);
}

/** A request as withdrawing it sees it, with its garage's draw, locked; undefined when there is none. */
export async function lockRequest(
  db: Kysely<DB>,
  requestId: string,
): Promise<{ userId: string; status: DrawStatus; date: LocalDate; draw: DrawSettings } | undefined> {
  const found = await sql<{ userId: string; status: DrawStatus; date: LocalDate; draw: DrawSettings }>`SELECT
      d.user_id::text AS user_id, d.draw_status AS status, to_char(d.date, 'YYYY-MM-DD') AS date,
      ${garageDrawSql('g')} AS draw
    FROM draw_requests d JOIN parking_garages g ON g.id = d.parking_garage_id
    WHERE d.id = ${requestId}::bigint FOR UPDATE OF d`.execute(db);
  return found.rows[0];
}

export async function markWithdrawn(
  db: Kysely<DB>,
  change: { requestId: string; now: Date; by: string },
): Promise<void> {
  await sql`UPDATE draw_requests SET draw_status = 'WITHDRAWN', modefied = ${instant(change.now)},
      modefied_by = ${change.by}, version = version + 1
    WHERE id = ${change.requestId}::bigint`.execute(db);
}
