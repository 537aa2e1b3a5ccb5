import type { ReservationType } from '@parkhere/contract';
import { sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { ReservationMailRow } from '../notifications/index.ts';

/*
 * The statements of the reservations table that the reservation and doorman mails make, beside repository.ts:
 * the reservation as a mail shows it, a series' days, a doorman's arrivals of a day, and the record that a
 * guest was told.
 */

const mailColumns = [
  sql<string>`r.id::text`.as('id'),
  sql<string>`to_char(r.date, 'YYYY-MM-DD')`.as('date'),
  sql<string>`to_char(r.start_time, 'HH24:MI')`.as('startTime'),
  sql<string>`to_char(r.end_time, 'HH24:MI')`.as('endTime'),
  sql<ReservationType>`r.reservation_type`.as('type'),
  sql<string>`r.reservation_status::text`.as('status'),
  sql<string>`s.aggregared_name`.as('slot'),
  sql<string>`s.name`.as('slotName'),
  sql<number>`s.floor`.as('floor'),
  sql<string>`g.name`.as('garage'),
  sql<string>`coalesce(r.guest_license_plate, r.car_license_plate, c.license_plate, '')`.as('licensePlate'),
  sql<string>`coalesce(r.guest_name, u.name)`.as('reserverName'),
  sql<string>`u.name`.as('ownerName'),
  sql<boolean>`r.reservation_type = 'GUEST'`.as('isGuest'),
  sql<string | null>`r.guest_name`.as('guestName'),
  sql<string | null>`r.guest_email`.as('guestEmail'),
] as const;

/** A reservation as its calendar event shows it (the feed's rows; the mail record has it all too). */
export type ReservationEventRecord = ReservationMailRow & {
  version: number;
  /** The end as booked: a cancelled reservation's end_time is cut to the cancellation. */
  bookedEndTime: string;
  cancelledAt: Date | null;
  /** The last change of the row (its creation when never changed). */
  changedAt: Date;
  startsAt: Date;
  endsAt: Date;
  checkedInAt: Date | null;
  checkInRequired: boolean;
  checkInGraceMinutes: number;
  checkInEarlyMinutes: number;
};

const eventColumns = sql`r.version, to_char(coalesce(r.booked_end_time, r.end_time), 'HH24:MI') AS booked_end_time,
  r.cancelled_at, coalesce(r.modefied, r.created) AS changed_at, lower(r.during) AS starts_at,
  upper(r.during) AS ends_at, r.checked_in_at, g.check_in_required, g.check_in_grace_minutes,
  g.check_in_early_minutes`;

/** The mail row of a reservation with what its mails need to address them and attach its floor plan. */
export type ReservationMailRecord = ReservationEventRecord & {
  seriesId: string | null;
  sendNotification: boolean;
  garageId: string;
  garageTemplate: string | null;
  ownerEmail: string;
  ownerLocale: string | null;
  floorPlanName: string | null;
  floorPlanPath: string | null;
  floorPlanContent: Buffer | null;
  floorPlanType: string | null;
};

export async function reservationMailRecord(
  db: Executor,
  id: string,
): Promise<ReservationMailRecord | undefined> {
  const result = await sql<ReservationMailRecord>`SELECT ${sql.join(mailColumns)}, ${eventColumns},
      r.series_id::text AS series_id, r.send_notification, g.id::text AS garage_id,
      g.email_template_of_the_garage AS garage_template, u.email AS owner_email, u.locale AS owner_locale,
      f.name AS floor_plan_name, f.path AS floor_plan_path, f.content AS floor_plan_content,
      f.content_type AS floor_plan_type
    FROM reservations r
      JOIN parking_slots s ON s.id = r.parking_slot_id
      JOIN parking_garages g ON g.id = s.parking_garage_id
      JOIN users u ON u.id = r.owner_id
      LEFT JOIN cars c ON c.id = r.car_id
      LEFT JOIN files f ON f.id = s.floor_plan_id
    WHERE r.id = ${id}`.execute(db);
  return result.rows[0];
}

/** An owner's reservations on `from` and later, every status, as their calendar shows them; by date and start. */
export async function ownerEventRecords(
  db: Executor,
  ownerId: string,
  from: string,
): Promise<ReservationEventRecord[]> {
  const result = await sql<ReservationEventRecord>`SELECT ${sql.join(mailColumns)}, ${eventColumns}
    FROM reservations r
      JOIN parking_slots s ON s.id = r.parking_slot_id
      JOIN parking_garages g ON g.id = s.parking_garage_id
      JOIN users u ON u.id = r.owner_id
      LEFT JOIN cars c ON c.id = r.car_id
    WHERE r.owner_id = ${ownerId} AND r.date >= ${from}::date
    ORDER BY r.date, r.start_time, r.id`.execute(db);
  return result.rows;
}

/** The dates of a series' reservations in one status. */
export async function seriesDays(db: Executor, seriesId: string, status: string): Promise<string[]> {
  const found = await sql<{ date: string }>`SELECT to_char(date, 'YYYY-MM-DD') AS date FROM reservations
            WHERE series_id = ${seriesId} AND reservation_status = ${status}::reservation_status
            ORDER BY date`.execute(db);
  return found.rows.map((row) => row.date);
}

/** A doorman's arrivals of one day: ACTIVE reservations in their garages, guests first, then by start. */
export async function loadArrivals(
  db: Executor,
  doormanId: string,
  date: string,
): Promise<ReservationMailRow[]> {
  const result = await sql<ReservationMailRow>`
    SELECT ${sql.join(mailColumns)}
    FROM reservations r
      JOIN parking_slots s ON s.id = r.parking_slot_id
      JOIN parking_garages g ON g.id = s.parking_garage_id
      JOIN users u ON u.id = r.owner_id
      LEFT JOIN cars c ON c.id = r.car_id
    WHERE r.date = ${date}::date AND r.reservation_status = 'ACTIVE'
      AND s.parking_garage_id IN (SELECT parking_garage_id FROM doorman_garages WHERE doorman_id = ${doormanId})
    ORDER BY (r.reservation_type = 'GUEST') DESC, r.start_time, r.id`.execute(db);
  return result.rows;
}

/**
 * Records that the guest of a reservation is told of it now (its confirmation goes out), taking the row's lock
 * until the caller's transaction ends: a deletion or change waits for it and then finds the guest told, or
 * came first and is found here. false, recording nothing: not an ACTIVE GUEST reservation with a guest address,
 * or its guest was told already.
 */
export async function markGuestTold(db: Executor, id: string, now: Date): Promise<boolean> {
  const marked = await sql`UPDATE reservations SET guest_told_at = ${now.toISOString()}::timestamptz
    WHERE id = ${id} AND reservation_type = 'GUEST' AND reservation_status = 'ACTIVE'
      AND nullif(trim(guest_email), '') IS NOT NULL AND guest_told_at IS NULL
    RETURNING id`.execute(db);
  return marked.rows.length > 0;
}
