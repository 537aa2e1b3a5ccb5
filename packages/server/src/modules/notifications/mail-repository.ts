import type { MailTemplateAttribute, ReservationType } from '@parkhere/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { ReservationMailRow } from './mail-facts.ts';

/*
 * The reads a reservation's mails and calendar events make: the reservation as a mail shows it, an owner's
 * events, and a day's arrivals in some garages. Each reads the reservations through their module's read model
 * (`reservationRowsSql`, handed in, as only reservations names its table), joined with the slot, garage, owner,
 * car and floor plan the mails show.
 */

type Sql = RawBuilder<unknown>;

/** The reservations as their module exports them to read (reservations' `reservationRowsSql`). */
export type ReservationRows = Sql;

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
  sql<string>`coalesce(r.license_plate, c.license_plate, '')`.as('licensePlate'),
  sql<string>`coalesce(r.guest_name, u.name)`.as('reserverName'),
  sql<string>`u.name`.as('ownerName'),
  sql<boolean>`r.reservation_type = 'GUEST'`.as('isGuest'),
  sql<string | null>`r.guest_name`.as('guestName'),
  sql<string | null>`r.guest_email`.as('guestEmail'),
] as const;

/** The reservations `r` with the slot `s`, garage `g`, owner `u` and car `c` the mails show. */
const shown = (rows: ReservationRows): Sql => sql`${rows} r
      JOIN parking_slots s ON s.id = r.parking_slot_id
      JOIN parking_garages g ON g.id = s.parking_garage_id
      JOIN users u ON u.id = r.owner_id
      LEFT JOIN cars c ON c.id = r.car_id`;

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
  checkInOpensAt: Date;
  checkInClosesAt: Date;
};

const eventColumns = sql`r.version, to_char(r.booked_end_time, 'HH24:MI') AS booked_end_time, r.cancelled_at,
  r.changed_at, r.starts_at, r.ends_at, r.checked_in_at, r.check_in_required, r.check_in_opens_at,
  r.check_in_closes_at`;

/** The mail row of a reservation with what its mails need to address them and attach its floor plan. */
export type ReservationMailRecord = ReservationEventRecord &
  // The garage's confirmation template in each language (`emailTemplateOfTheGarage`, `…En`).
  Record<MailTemplateAttribute<'emailTemplateOfTheGarage'>, string | null> & {
    seriesDays: string[];
    sendNotification: boolean;
    garageId: string;
    ownerEmail: string;
    ownerLocale: string | null;
    floorPlanName: string | null;
    floorPlanPath: string | null;
    floorPlanContent: Buffer | null;
    floorPlanType: string | null;
  };

export async function reservationMailRecord(
  db: Executor,
  rows: ReservationRows,
  id: string,
): Promise<ReservationMailRecord | undefined> {
  const result = await sql<ReservationMailRecord>`SELECT ${sql.join(mailColumns)}, ${eventColumns},
      r.series_days, r.send_notification, g.id::text AS garage_id,
      g.email_template_of_the_garage, g.email_template_of_the_garage_en, u.email AS owner_email, u.locale AS owner_locale,
      f.name AS floor_plan_name, f.path AS floor_plan_path, f.content AS floor_plan_content,
      f.content_type AS floor_plan_type
    FROM ${shown(rows)}
      LEFT JOIN files f ON f.id = s.floor_plan_id
    WHERE r.id = ${id}`.execute(db);
  return result.rows[0];
}

/**
 * The days of a reservation's series in its status (the days its series confirmation names), as their events
 * show them; by date. Empty for a reservation of no series.
 */
export async function seriesEventRecords(
  db: Executor,
  rows: ReservationRows,
  id: string,
): Promise<ReservationEventRecord[]> {
  const result = await sql<ReservationEventRecord>`SELECT ${sql.join(mailColumns)}, ${eventColumns}
    FROM ${shown(rows)}
      JOIN ${rows} o ON o.series_id = r.series_id AND o.reservation_status = r.reservation_status
    WHERE o.id = ${id}
    ORDER BY r.date, r.start_time, r.id`.execute(db);
  return result.rows;
}

/** An owner's reservations on `from` and later, every status, as their calendar shows them; by date and start. */
export async function ownerEventRecords(
  db: Executor,
  rows: ReservationRows,
  ownerId: string,
  from: string,
): Promise<ReservationEventRecord[]> {
  const result = await sql<ReservationEventRecord>`SELECT ${sql.join(mailColumns)}, ${eventColumns}
    FROM ${shown(rows)}
    WHERE r.owner_id = ${ownerId} AND r.date >= ${from}::date
    ORDER BY r.date, r.start_time, r.id`.execute(db);
  return result.rows;
}

/** The moved reservations a re-invitation names (`ids`), of `ownerId`, still ACTIVE and not ended at `now`; by date. */
export async function movedEventRecords(
  db: Executor,
  rows: ReservationRows,
  request: { ownerId: string; ids: readonly string[]; now: Date },
): Promise<ReservationEventRecord[]> {
  const result = await sql<ReservationEventRecord>`SELECT ${sql.join(mailColumns)}, ${eventColumns}
    FROM ${shown(rows)}
    WHERE r.id IN (SELECT (jsonb_array_elements_text(${JSON.stringify(request.ids)}::jsonb))::bigint)
      AND r.owner_id = ${request.ownerId}::bigint AND r.reservation_status = 'ACTIVE'
      AND r.ends_at > ${request.now.toISOString()}::timestamptz
    ORDER BY r.date, r.start_time, r.id`.execute(db);
  return result.rows;
}

/** Whom a mail to a user goes to: null when the user no longer exists, is deactivated or was anonymised. */
export async function mailedUser(
  db: Executor,
  userId: string,
): Promise<{ name: string; email: string; locale: string | null } | null> {
  const result = await sql<{
    name: string;
    email: string;
    locale: string | null;
  }>`SELECT u.name, u.email, u.locale
    FROM users u WHERE u.id = ${userId}::bigint AND u.is_active AND u.anonymised_at IS NULL`.execute(db);
  return result.rows[0] ?? null;
}

/**
 * Records that the owner of each reservation was mailed its invitation (its calendar holds the event), so a change
 * of the configured time zone mails them the moved event (0063's trigger queues `mail.time-zone`).
 */
export async function recordInvitations(db: Executor, ids: readonly string[], now: Date): Promise<void> {
  await sql`INSERT INTO reservation_invitations (reservation_id, sent_at)
    SELECT (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::bigint, ${now.toISOString()}::timestamptz
    ON CONFLICT (reservation_id) DO UPDATE SET sent_at = excluded.sent_at`.execute(db);
}

/**
 * Records the invitations of the reservations still to come at `now`, ACTIVE, made or last changed before `before`:
 * mailed before their invitations were recorded (every reservation the app makes is confirmed by mail). How many.
 */
export async function recordEarlierInvitations(
  db: Executor,
  rows: ReservationRows,
  { before, now }: { before: Date; now: Date },
): Promise<number> {
  const result = await sql`INSERT INTO reservation_invitations (reservation_id, sent_at)
    SELECT r.id, ${before.toISOString()}::timestamptz FROM ${rows} r
    WHERE r.reservation_status = 'ACTIVE' AND r.starts_at > ${now.toISOString()}::timestamptz
      AND r.changed_at <= ${before.toISOString()}::timestamptz
    ON CONFLICT (reservation_id) DO NOTHING`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * The arrivals of one day in some garages (`garageIds`, an SQL set of garage ids): ACTIVE reservations as
 * the mails show them, guests first, then by start.
 */
export async function loadArrivals(
  db: Executor,
  rows: ReservationRows,
  date: string,
  garageIds: Sql,
): Promise<ReservationMailRow[]> {
  const result = await sql<ReservationMailRow>`
    SELECT ${sql.join(mailColumns)}
    FROM ${shown(rows)}
    WHERE r.date = ${date}::date AND r.reservation_status = 'ACTIVE' AND s.parking_garage_id IN ${garageIds}
    ORDER BY (r.reservation_type = 'GUEST') DESC, r.start_time, r.id`.execute(db);
  return result.rows;
}
