import type { Interval, LocalDate } from '@parkhere/contract';
import { type Kysely, sql } from 'kysely';
import { instant } from '../../engine/access.ts';
import { answeredRow } from '../../platform/db/answered-row.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';
import { ROW_ID } from '../../platform/jobs/queue.ts';
import { garagesUserMayReserveIn } from '../garages/index.ts';
import type { RequestDay } from '../notifications/index.ts';
import {
  freeSlotIds,
  type GarageDraw,
  garageDrawDaysSql,
  type RequestSlot,
  type ReservationRequest,
} from '../reservations/index.ts';
import { waitlistJobs } from './jobs.ts';

/*
 * The SQL of the waitlist_entries table, besides the engine's mapping (source.ts). Every function is one
 * statement; the operations and the promotion keep the rules and call these.
 */

const range = (interval: Interval) =>
  sql`tstzrange(${interval.start.toISOString()}::timestamptz, ${interval.end.toISOString()}::timestamptz, '[)')`;

/** A new entry: the request of the reservation it becomes, and where it may be served. */
export type NewEntry = Omit<ReservationRequest, 'email' | 'start' | 'end' | 'reminderBefore' | 'createdBy'> &
  RequestSlot & { interval: Interval; reminderBefore: string; createdBy: string; now: Date };

/** Inserts the entry; the exclusion constraint refuses a second wait for an overlapping time (409). */
export async function insertEntry(db: Kysely<DB>, entry: NewEntry): Promise<string> {
  const inserted = await sql<{ id: string }>`INSERT INTO waitlist_entries (user_id, parking_garage_id, car_id,
      guest_name, guest_email, guest_license_plate, date, start_time, end_time, during, reservation_type,
      send_notification, reminder_before_reservation, instant_notificate_the_doorman, created, created_by)
    VALUES (${entry.userId}::bigint, ${entry.garageId}::bigint, ${entry.carId}::bigint, ${entry.guestName},
      ${entry.guestEmail}, ${entry.guestLicensePlate}, ${entry.date}::date, ${entry.startTime}::time,
      ${entry.endTime}::time, ${range(entry.interval)}, ${entry.type}::reservation_type,
      ${entry.sendNotification}, ${entry.reminderBefore}::interval, ${entry.notifyDoorman},
      ${instant(entry.now)}, ${entry.createdBy})
    RETURNING id::text AS id`.execute(db);
  return answeredRow(inserted, 'an insert answers its row').id;
}

/** The first slot (by id) the user may take in the entry's scope, offered to the entry and free on the interval. */
export async function firstFreeSlotId(
  db: Kysely<DB>,
  scope: Parameters<typeof freeSlotIds>[1],
): Promise<string | null> {
  const [first] = await freeSlotIds(db, scope, 1);
  return first ?? null;
}

/**
 * Where an entry would wait: whether the user may reserve in the chosen garage (with none chosen, in any garage
 * at all), and the draws of those garages (the create's rules read which of their days are in a draw, or still
 * being drawn).
 */
export async function waitScope(
  db: Kysely<DB>,
  userId: string,
  garageId: string | null,
): Promise<{ may: boolean; draws: GarageDraw[] }> {
  const found = await sql<{ may: boolean; draws: GarageDraw[] }>`SELECT count(*) > 0 AS may,
      coalesce(jsonb_agg(${garageDrawDaysSql('g')}), '[]'::jsonb) AS draws
    FROM parking_garages g
    WHERE ${garagesUserMayReserveIn('g', sql`${userId}`)}
      AND ${garageId === null ? sql`TRUE` : sql`g.id = ${garageId}`}`.execute(db);
  return found.rows[0] ?? { may: false, draws: [] };
}

/** A WAITING entry as the promotion reads it: the request it serves and where. */
export type WaitingEntry = ReservationRequest & RequestSlot & { id: string };

/**
 * The date's WAITING entries not started at `now`, by rank (an entry joined as before ranks by its id: first
 * come, first served; a draw's losers rank in draw order, migration 0020), locked: two promoters of
 * one date (two workers, two instances) take turns, and the second sees what the first promoted.
 */
export async function lockWaitingEntries(
  db: Kysely<DB>,
  date: LocalDate,
  now: Date,
): Promise<WaitingEntry[]> {
  const found = await sql<WaitingEntry>`SELECT w.id::text AS id, w.user_id::text AS user_id, u.email,
      w.parking_garage_id::text AS garage_id, w.car_id::text AS car_id, w.guest_name, w.guest_email,
      w.guest_license_plate, to_char(w.date, 'YYYY-MM-DD') AS date,
      to_char(w.start_time, 'HH24:MI:SS') AS start_time, to_char(w.end_time, 'HH24:MI:SS') AS end_time,
      lower(w.during) AS start, upper(w.during) AS "end", w.reservation_type AS type, w.send_notification,
      to_char(w.reminder_before_reservation, 'HH24:MI:SS') AS reminder_before,
      w.instant_notificate_the_doorman AS notify_doorman, w.created_by
    FROM waitlist_entries w JOIN users u ON u.id = w.user_id
    WHERE w.date = ${date}::date AND w.waitlist_status = 'WAITING' AND lower(w.during) > ${instant(now)}
    ORDER BY w.rank, w.id
    FOR UPDATE OF w`.execute(db);
  return found.rows.map((row) => ({ ...row, start: new Date(row.start), end: new Date(row.end) }));
}

/** An entry served, and the reservation it became. */
export type Promotion = { entryId: string; reservationId: string };

/** The entries served, each PROMOTED with its reservation, in one statement; none, no round trip. */
export async function markPromoted(db: Kysely<DB>, promotions: readonly Promotion[]): Promise<void> {
  if (promotions.length === 0) {
    return;
  }
  const json = JSON.stringify(
    promotions.map((each) => ({ entry: each.entryId, reservation: each.reservationId })),
  );
  await sql`UPDATE waitlist_entries w SET waitlist_status = 'PROMOTED', reservation_id = p.reservation,
      version = w.version + 1
    FROM jsonb_to_recordset(${json}::jsonb) AS p(entry bigint, reservation bigint)
    WHERE w.id = p.entry`.execute(db);
}

/** An entry as leaving it sees it, locked; undefined when there is none. */
export async function lockEntry(
  db: Kysely<DB>,
  entryId: string,
): Promise<{ userId: string; status: string; start: Date } | undefined> {
  const found = await sql<{ userId: string; status: string; start: Date }>`SELECT user_id::text AS user_id,
      waitlist_status AS status, lower(during) AS start
    FROM waitlist_entries WHERE id = ${entryId} FOR UPDATE`.execute(db);
  const row = found.rows[0];
  return row === undefined ? undefined : { ...row, start: new Date(row.start) };
}

export async function deleteEntry(db: Kysely<DB>, entryId: string): Promise<void> {
  await sql`DELETE FROM waitlist_entries WHERE id = ${entryId}`.execute(db);
}

/** Removes every WAITING entry of a user (one who left). */
export async function deleteWaitingEntriesOf(db: Executor, userId: string): Promise<void> {
  await sql`DELETE FROM waitlist_entries WHERE user_id = ${userId} AND waitlist_status = 'WAITING'`.execute(
    db,
  );
}

/**
 * WAITING entries whose start has passed become EXPIRED, each with its mail queued in the same statement;
 * how many did. The UPDATE takes each row once, so however many instances run it, each mail is queued once.
 */
export async function storeExpired(db: Kysely<DB>, now: Date): Promise<number> {
  const found = await sql<{ count: number }>`WITH expired AS (
      UPDATE waitlist_entries SET waitlist_status = 'EXPIRED', version = version + 1
      WHERE waitlist_status = 'WAITING' AND lower(during) <= ${instant(now)}
      RETURNING id),
    queued AS (${waitlistJobs.enqueueForRows(
      'expired',
      sql<string>`'expired'`,
      {
        expired: [
          {
            kind: 'mail.waitlist-expired',
            payload: { entryId: ROW_ID },
            idempotencyKey: `waitlist-expired:${ROW_ID}`,
          },
        ],
      },
      now,
    )})
    SELECT count(*)::int AS count FROM expired`.execute(db);
  return found.rows[0]?.count ?? 0;
}

/** What the expiry mail shows of an entry: its day and owner, its garage, and whether it did expire. */
export type ExpiredEntryMail = RequestDay & { status: string; garageName: string | null };

/** What the expiry mail shows of an entry, or undefined when it is gone. */
export async function expiredEntryMail(
  db: Kysely<DB>,
  entryId: string,
): Promise<ExpiredEntryMail | undefined> {
  const found =
    await sql<ExpiredEntryMail>`SELECT w.waitlist_status AS status, to_char(w.date, 'YYYY-MM-DD') AS date,
      to_char(w.start_time, 'HH24:MI') AS start_time, to_char(w.end_time, 'HH24:MI') AS end_time,
      g.name AS garage_name, u.name, u.email, u.locale
    FROM waitlist_entries w JOIN users u ON u.id = w.user_id
      LEFT JOIN parking_garages g ON g.id = w.parking_garage_id
    WHERE w.id = ${entryId}`.execute(db);
  return found.rows[0];
}
