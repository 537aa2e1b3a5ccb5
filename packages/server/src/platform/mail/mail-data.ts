import { LOCALES, type Locale, type ReservationType } from '@parkhere/contract';
import { sql } from 'kysely';
import type { Executor } from '../jobs/jobs-table.ts';
import { DEFAULT_LOCALE, type ReservationView, TYPE_LABELS } from './mail-kinds.ts';

/** What mail needs of the configuration row. */
export type MailSettings = {
  senderEmail: string | null;
  contactEmail: string | null;
  timeZone: string;
  doormanEmailTemplate: string | null;
  deletionEmailTemplate: string | null;
  modificationEmailTemplate: string | null;
  reminderEmailTemplate: string | null;
};

export async function loadMailSettings(db: Executor): Promise<MailSettings> {
  const row = await db
    .selectFrom('configuration')
    .select([
      'senderEmail',
      'contactEmail',
      'timeZone',
      'doormanEmailTemplate',
      'deletionEmailTemplate',
      'modificationEmailTemplate',
      'reminderEmailTemplate',
    ])
    .executeTakeFirst();
  return (
    row ?? {
      senderEmail: null,
      contactEmail: null,
      timeZone: 'Europe/Budapest',
      doormanEmailTemplate: null,
      deletionEmailTemplate: null,
      modificationEmailTemplate: null,
      reminderEmailTemplate: null,
    }
  );
}

/** A reservation with everything its mails show or need to address them. */
export type ReservationMailFacts = {
  row: Omit<ReservationView, 'typeLabel' | 'days'>;
  seriesDays: string[];
  sendNotification: boolean;
  /** The start instant as stored (`lower(during)`). */
  startsAt: Date;
  garageId: string;
  garageTemplate: string | null;
  owner: { name: string; email: string; locale: Locale };
  /** The slot's floor plan: its bytes, or for one uploaded before 0007 its path under DATA_DIR. */
  floorPlan: { name: string; content: Buffer | null; path: string | null; contentType: string } | null;
};

export const localeOf = (value: string | null | undefined): Locale =>
  LOCALES.find((locale) => locale === value) ?? DEFAULT_LOCALE;

export const viewOf = (
  facts: Pick<ReservationMailFacts, 'row' | 'seriesDays'>,
  locale: Locale,
): ReservationView => ({
  ...facts.row,
  typeLabel: TYPE_LABELS[locale][facts.row.type],
  days: facts.seriesDays.length > 0 ? facts.seriesDays : [facts.row.date],
});

// Dates and times leave the database as text: pg would turn a `date` into a Date in the machine's zone.
const reservationColumns = [
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

/** The reservation as its mails show it, or null when it no longer exists. */
export async function loadReservationFacts(db: Executor, id: string): Promise<ReservationMailFacts | null> {
  const result = await sql<{
    id: string;
    date: string;
    startTime: string;
    endTime: string;
    type: ReservationType;
    status: string;
    slot: string;
    slotName: string;
    floor: number;
    garage: string;
    licensePlate: string;
    reserverName: string;
    ownerName: string;
    isGuest: boolean;
    guestName: string | null;
    guestEmail: string | null;
    seriesId: string | null;
    sendNotification: boolean;
    startsAt: Date;
    garageId: string;
    garageTemplate: string | null;
    ownerEmail: string;
    ownerLocale: string | null;
    floorPlanName: string | null;
    floorPlanPath: string | null;
    floorPlanContent: Buffer | null;
    floorPlanType: string | null;
  }>`SELECT ${sql.join(reservationColumns)},
      r.series_id::text AS series_id, r.send_notification, lower(r.during) AS starts_at,
      g.id::text AS garage_id, g.email_template_of_the_garage AS garage_template,
      u.email AS owner_email, u.locale AS owner_locale,
      f.name AS floor_plan_name, f.path AS floor_plan_path, f.content AS floor_plan_content,
      f.content_type AS floor_plan_type
    FROM reservations r
      JOIN parking_slots s ON s.id = r.parking_slot_id
      JOIN parking_garages g ON g.id = s.parking_garage_id
      JOIN users u ON u.id = r.owner_id
      LEFT JOIN cars c ON c.id = r.car_id
      LEFT JOIN files f ON f.id = s.floor_plan_id
    WHERE r.id = ${id}`.execute(db);
  const found = result.rows[0];
  if (found === undefined) {
    return null;
  }
  const seriesDays =
    found.seriesId === null
      ? []
      : (
          await sql<{ date: string }>`SELECT to_char(date, 'YYYY-MM-DD') AS date FROM reservations
            WHERE series_id = ${found.seriesId} AND reservation_status = ${found.status}::reservation_status
            ORDER BY date`.execute(db)
        ).rows.map((row) => row.date);
  return {
    row: {
      id: found.id,
      date: found.date,
      startTime: found.startTime,
      endTime: found.endTime,
      type: found.type,
      status: found.status,
      slot: found.slot,
      slotName: found.slotName,
      floor: found.floor,
      garage: found.garage,
      licensePlate: found.licensePlate,
      reserverName: found.reserverName,
      ownerName: found.ownerName,
      isGuest: found.isGuest,
      guestName: found.guestName,
      guestEmail: found.guestEmail,
    },
    seriesDays,
    sendNotification: found.sendNotification,
    startsAt: new Date(found.startsAt),
    garageId: found.garageId,
    garageTemplate: found.garageTemplate,
    owner: { name: found.ownerName, email: found.ownerEmail, locale: localeOf(found.ownerLocale) },
    floorPlan:
      found.floorPlanPath === null && found.floorPlanContent === null
        ? null
        : {
            name: found.floorPlanName ?? 'floor-plan',
            content: found.floorPlanContent,
            path: found.floorPlanPath,
            contentType: found.floorPlanType ?? 'application/octet-stream',
          },
  };
}

export type DoormanRecipient = { id: string; name: string; email: string; locale: Locale };

/** Doormen of one garage, or of any garage when `garageId` is unset; a doorman who is also a user gets their language. */
export async function loadDoormen(db: Executor, garageId?: string): Promise<DoormanRecipient[]> {
  const garage = garageId === undefined ? sql`` : sql`AND dg.parking_garage_id = ${garageId}`;
  const result = await sql<{ id: string; name: string; email: string; locale: string | null }>`
    SELECT d.id::text AS id, d.name, d.email,
      (SELECT u.locale FROM users u WHERE lower(u.email) = lower(d.email) LIMIT 1) AS locale
    FROM doormen d
    WHERE EXISTS (SELECT 1 FROM doorman_garages dg WHERE dg.doorman_id = d.id ${garage})
    ORDER BY d.id`.execute(db);
  return result.rows.map((row) => ({ ...row, locale: localeOf(row.locale) }));
}

/** A doorman's arrivals of one day: ACTIVE reservations in their garages, guests first, then by start. */
export async function loadArrivals(
  db: Executor,
  doormanId: string,
  date: string,
): Promise<Array<Omit<ReservationView, 'typeLabel' | 'days'>>> {
  const result = await sql<Omit<ReservationView, 'typeLabel' | 'days'>>`
    SELECT ${sql.join(reservationColumns)}
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
