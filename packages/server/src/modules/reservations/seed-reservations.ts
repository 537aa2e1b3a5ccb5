import { DEFAULT_TIME_ZONE, type ReservationStatus, type ReservationType } from '@parkhere/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';

/*
 * Test and benchmark support: reservations written as rows, without the operations' rules (a test may need one
 * that has already started, a benchmark a million). The one place besides repository.ts that lists the
 * reservations table's columns for an insert, so a new column is added here once, not in every test.
 */

/** A row to seed, by the table's column names; what is left out takes the table's default. */
export type SeedReservationRow = {
  owner_id: string | number;
  parking_slot_id: string | number;
  car_id?: string | number | null;
  car_license_plate?: string | null;
  guest_name?: string | null;
  guest_email?: string | null;
  guest_license_plate?: string | null;
  date: string;
  start_time: string;
  end_time: string;
  reservation_type: ReservationType;
  reservation_status?: ReservationStatus;
  send_notification?: boolean;
  reminder_before_reservation?: string | null;
  instant_notificate_the_doorman?: boolean;
  series_id?: string | null;
  created_by?: string | null;
};

const COLUMNS = sql`owner_id bigint, parking_slot_id bigint, car_id bigint, car_license_plate text,
  guest_name text, guest_email text, guest_license_plate text, date date, start_time time, end_time time,
  reservation_type reservation_type, reservation_status reservation_status, send_notification boolean,
  reminder_before_reservation interval, instant_notificate_the_doorman boolean, series_id uuid, created_by text`;

/**
 * Inserts the rows, each `during` from its date and wall-clock times in `timeZone`; their ids. `rows` is a list,
 * or a query whose columns are named as `SeedReservationRow`'s (for many rows made in the database).
 */
export async function seedReservations(
  db: Executor,
  rows: readonly SeedReservationRow[] | RawBuilder<unknown>,
  timeZone: string = DEFAULT_TIME_ZONE,
): Promise<string[]> {
  const source = Array.isArray(rows)
    ? sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS d(${COLUMNS})`
    : sql`(${rows}) q CROSS JOIN LATERAL jsonb_to_record(to_jsonb(q)) AS d(${COLUMNS})`;
  const inserted = await sql<{ id: string }>`INSERT INTO reservations (owner_id, parking_slot_id, car_id,
      car_license_plate, guest_name, guest_email, guest_license_plate, date, start_time, end_time, during,
      reservation_type, reservation_status, send_notification, reminder_before_reservation,
      instant_notificate_the_doorman, series_id, created_by)
    SELECT d.owner_id, d.parking_slot_id, d.car_id, d.car_license_plate, d.guest_name, d.guest_email,
      d.guest_license_plate, d.date, d.start_time, d.end_time,
      wall_clock_range(d.date, d.start_time, d.end_time, ${timeZone}), d.reservation_type,
      coalesce(d.reservation_status, 'ACTIVE'), coalesce(d.send_notification, true),
      d.reminder_before_reservation, coalesce(d.instant_notificate_the_doorman, false), d.series_id,
      d.created_by
    FROM ${source}
    RETURNING id::text AS id`.execute(db);
  return inserted.rows.map((row) => row.id);
}
