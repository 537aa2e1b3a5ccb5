import type { Interval, LocalTime, ReservationInputUser, ReservationType } from '@parkhere/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { instant } from '../../engine/access.ts';
import { answeredRow } from '../../platform/db/answered-row.ts';
import { columnsOf } from '../../platform/db/column-list.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';
import { orNotFound } from '../../platform/errors.ts';
import type { AnyJobRequest } from '../../platform/jobs/job-types.ts';
import { enqueueForRows } from '../../platform/jobs/queue.ts';
import { configuredWallClock } from '../configuration/index.ts';
import { type NoticeFacts, type ReservationJob, reservationJobs } from '../notifications/index.ts';
import { RESERVATION_COLUMNS } from './reservation-columns.ts';
import {
  type CheckInSettings,
  type CheckInSubject,
  checkInSql,
  type StoredReservation,
} from './rules/index.ts';

/*
 * The SQL of the reservations table: with the free-slot queries (slot-queries.ts), the SQL other modules
 * embed to read it (embedded-sql.ts: their sources' expressions, the read model of the mails and the feed),
 * the guest's confirmation's record (mark-guest-told.ts) and besides the engine's mapping (source.ts), the one
 * place that names it.
 * The operations keep the rules and call these; other modules reach them through index.ts. Every statement
 * is a round trip, so a function is one statement, and the create's is one statement with its CTEs. The
 * parties' tables (users, cars, slots, garages) appear only where a reservation statement joins them.
 */

type Sql = RawBuilder<unknown>;

/** A reservation as the lifecycle rules see it, locked for the change that follows. */
export async function lockReservation(
  db: Kysely<DB>,
  reservationId: string,
): Promise<StoredReservation & { version: number }> {
  const found = await sql<{
    ownerId: string;
    type: StoredReservation['type'];
    status: StoredReservation['status'];
    date: string;
    start: Date | string;
    end: Date | string;
    version: number;
  }>`SELECT owner_id::text AS owner_id, reservation_type AS type, reservation_status AS status,
      to_char(date, 'YYYY-MM-DD') AS date, lower(during) AS start, upper(during) AS "end", version
    FROM reservations WHERE id = ${reservationId} FOR UPDATE`.execute(db);
  const row = orNotFound(found.rows[0]);
  return { ...row, start: new Date(row.start), end: new Date(row.end) };
}

/** One row of a create's insert, as JSON (plain column names). */
export type NewReservationRow = {
  owner_id: string;
  parking_slot_id: string;
  car_id: string | null;
  car_license_plate: string | null;
  guest_name: string | null;
  guest_email: string | null;
  guest_license_plate: string | null;
  date: string;
  start: string;
  end: string;
  start_time: string | null | undefined;
  end_time: string | null | undefined;
  reservation_type: ReservationType;
  send_notification: boolean;
  reminder_before: string;
  notify_doorman: boolean;
  series_id: string | null;
  created_by: string;
};

/**
 * A row's key among the rows of one insert: its slot and start (the slot's exclusion constraint lets no two
 * rows share them), as the statement spells it for the row `w` it inserted.
 */
export const rowKey = (slotId: string, start: Date): string =>
  `${slotId}@${Math.round(start.getTime() / 1000)}`;
const rowKeySql = (alias: string) =>
  sql<string>`${sql.ref(`${alias}.parking_slot_id`)}::text || '@'
    || extract(epoch FROM lower(${sql.ref(`${alias}.during`)}))::bigint::text`;

/** The rows of one statement, and what it answers besides the ids. */
export type NewReservations = {
  rows: NewReservationRow[];
  /** The condition the insert holds on (the remembered facts still stored), TRUE when read in the transaction. */
  holds: RawBuilder<boolean>;
  /** The mails of each row, by its `rowKey`; its id is only known in the statement. */
  jobsByRow: Record<string, AnyJobRequest[]>;
  /** The caller's answer, as one SQL expression over the created rows (the CTE named by its argument). */
  answer: (rows: string) => RawBuilder<unknown>;
  now: Date;
};

/**
 * One statement: the rows, their mails and the caller's answer; nothing is inserted when `holds` is false.
 * ON CONFLICT DO NOTHING also covers the exclusion constraints: a taken slot or an overlapping reservation of
 * the owner leaves its row out instead of failing the statement (and a transaction), so the 409 can still
 * name the next free slot; the caller compares the created rows (`ids` by date, each under its `keys`) with
 * its own.
 */
export async function insertReservations(
  db: Kysely<DB>,
  create: NewReservations,
): Promise<{ holds: boolean; ids: string[] | null; keys: string[] | null; answer: unknown } | undefined> {
  const { holds, rows, now } = create;
  // Plain column names: run without the camel-case plugin, which would only copy the statement's whole tree.
  const found = await sql<{
    holds: boolean;
    ids: string[] | null;
    keys: string[] | null;
    answer: unknown;
  }>`WITH facts AS (
      SELECT ${holds} AS holds),
    created AS (
      INSERT INTO reservations (owner_id, parking_slot_id, car_id, car_license_plate, guest_name, guest_email,
        guest_license_plate, date, start_time, end_time, during, reservation_type, send_notification,
        reminder_before_reservation, instant_notificate_the_doorman, series_id, created_by)
      SELECT d.owner_id::bigint, d.parking_slot_id::bigint, d.car_id::bigint, d.car_license_plate,
        d.guest_name, d.guest_email, d.guest_license_plate, d.date::date, d.start_time::time,
        d.end_time::time, tstzrange(d.start::timestamptz, d."end"::timestamptz, '[)'),
        d.reservation_type::reservation_type, d.send_notification, d.reminder_before::interval,
        d.notify_doorman, d.series_id::uuid, d.created_by
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS d(owner_id text, parking_slot_id text,
        car_id text, car_license_plate text, guest_name text, guest_email text, guest_license_plate text,
        date text, start text, "end" text, start_time text, end_time text, reservation_type text,
        send_notification boolean, reminder_before text, notify_doorman boolean, series_id text,
        created_by text)
      WHERE (SELECT f.holds FROM facts f)
      ORDER BY d.date, d.parking_slot_id
      ON CONFLICT DO NOTHING
      RETURNING ${columnsOf('reservations', RESERVATION_COLUMNS)}),
    queued AS (${enqueueForRows('created', rowKeySql('w'), create.jobsByRow, now)})
    SELECT (SELECT f.holds FROM facts f) AS holds,
      (SELECT array_agg(c.id::text ORDER BY c.date, c.id) FROM created c) AS ids,
      (SELECT array_agg(${rowKeySql('c')} ORDER BY c.date, c.id) FROM created c) AS keys,
      ${create.answer('created')} AS answer`.execute(db.withoutPlugins());
  return found.rows[0];
}

/** New times on the same date; the reservation's version after the change. */
export async function storeNewTimes(
  db: Kysely<DB>,
  change: {
    reservationId: string;
    startTime: LocalTime;
    endTime: LocalTime;
    interval: Interval;
    now: Date;
    by: string;
  },
): Promise<number | undefined> {
  const { interval, now } = change;
  const updated = await sql<{
    version: number;
  }>`UPDATE reservations SET start_time = ${change.startTime}::time,
          end_time = ${change.endTime}::time,
          during = tstzrange(${interval.start.toISOString()}::timestamptz, ${interval.end.toISOString()}::timestamptz, '[)'),
          modefied = ${now.toISOString()}::timestamptz, modefied_by = ${change.by}, version = version + 1
        WHERE id = ${change.reservationId} RETURNING version`.execute(db);
  return updated.rows[0]?.version;
}

/**
 * EXPIRED now: the reservation ends at `window.end`, its end time the wall-clock second of it (a time of day is
 * whole seconds on the wire, F13).
 */
export async function storeCancellation(
  db: Kysely<DB>,
  cancel: { reservationId: string; window: Interval; now: Date; by: string },
): Promise<void> {
  const { window, now } = cancel;
  // cancelled_at and booked_end_time keep what the cut loses: that it was cancelled, and its booked end.
  await sql`UPDATE reservations SET reservation_status = 'EXPIRED',
      cancelled_at = ${now.toISOString()}::timestamptz, booked_end_time = end_time,
      during = tstzrange(${window.start.toISOString()}::timestamptz, ${window.end.toISOString()}::timestamptz, '[)'),
      end_time = greatest(start_time, date_trunc('second', ${configuredWallClock(instant(window.end))})::time),
      modefied = ${now.toISOString()}::timestamptz, modefied_by = ${cancel.by}, version = version + 1
    WHERE id = ${cancel.reservationId}`.execute(db);
}

export async function storeDeleted(
  db: Kysely<DB>,
  reservationIds: readonly string[],
  by: string,
  now: Date,
): Promise<void> {
  await sql`UPDATE reservations SET reservation_status = 'DELETED', modefied = ${now.toISOString()}::timestamptz,
      modefied_by = ${by}, version = version + 1
    WHERE id IN (${sql.join(reservationIds.map((id) => sql`${id}::bigint`))})`.execute(db);
}

/**
 * ACTIVE reservations whose end has passed become EXPIRED; how many did. A no-show (a reservation shorter than
 * its grace period nobody checked in to) is left to the release job, so it ends as NO_SHOW with its mail.
 */
export async function storeExpired(db: Kysely<DB>, now: Date): Promise<number> {
  const result = await sql`UPDATE reservations r SET reservation_status = 'EXPIRED'
    WHERE r.reservation_status = 'ACTIVE' AND upper(r.during) <= ${now.toISOString()}::timestamptz
      AND NOT ${checkInSql('r').isNoShow(now)}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** A reservation as the check-in rules see it, with its garage's settings, locked for the check-in. */
export async function lockForCheckIn(
  db: Kysely<DB>,
  reservationId: string,
): Promise<{ reservation: CheckInSubject; settings: CheckInSettings; version: number } | undefined> {
  const found = await sql<{
    version: number;
    status: CheckInSubject['status'];
    start: Date | string;
    end: Date | string;
    checkedInAt: Date | string | null;
    required: boolean;
    graceMinutes: number;
    earlyMinutes: number;
  }>`SELECT r.version, r.reservation_status AS status, lower(r.during) AS start, upper(r.during) AS "end", r.checked_in_at,
      g.check_in_required AS required, g.check_in_grace_minutes AS grace_minutes,
      g.check_in_early_minutes AS early_minutes
    FROM reservations r
      JOIN parking_slots s ON s.id = r.parking_slot_id
      JOIN parking_garages g ON g.id = s.parking_garage_id
    WHERE r.id = ${reservationId} FOR UPDATE OF r`.execute(db);
  const row = found.rows[0];
  if (row === undefined) {
    return undefined;
  }
  return {
    reservation: {
      status: row.status,
      start: new Date(row.start),
      end: new Date(row.end),
      checkedInAt: row.checkedInAt === null ? null : new Date(row.checkedInAt),
    },
    settings: { required: row.required, graceMinutes: row.graceMinutes, earlyMinutes: row.earlyMinutes },
    version: row.version,
  };
}

/**
 * Checked in at `now` by `by` (an email, or 'mail-link'); a reservation already checked in keeps its first
 * check-in. The version stays, as on expiry: nothing the owner could change moved, so a form open on the
 * reservation (its `__version`) and its cards keep working after a doorman checks it in.
 */
export async function storeCheckIn(
  db: Kysely<DB>,
  checkIn: { reservationId: string; now: Date; by: string },
): Promise<void> {
  await sql`UPDATE reservations SET checked_in_at = ${checkIn.now.toISOString()}::timestamptz,
      checked_in_by = ${checkIn.by}
    WHERE id = ${checkIn.reservationId} AND checked_in_at IS NULL`.execute(db);
}

/** Who the no-show release names as the last to change a released reservation. */
const RELEASED_BY = 'no-show release';

/**
 * The no-show release, one statement whatever the number: every reservation whose check-in window closed by
 * `now` without a check-in becomes NO_SHOW (so the exclusion constraints no longer count it and its slot is
 * free), its `jobs` are queued and its pending reminder dropped. `lower(during) <= now` holds for every one
 * (the window closes at the start or later) and lets the partial index reservations_unchecked_start find them.
 * Concurrent runs and check-ins meet on the row locks: PostgreSQL re-checks the condition on a row changed
 * meanwhile, so each reservation is released once, and never after its check-in committed.
 */
export async function storeNoShows(
  db: Executor,
  release: { now: Date; jobs: readonly ReservationJob[] },
): Promise<string[]> {
  const { now } = release;
  const at = sql`${now.toISOString()}::timestamptz`;
  const found = await sql<{ id: string }>`WITH released AS (
      UPDATE reservations r SET reservation_status = 'NO_SHOW', modefied = ${at}, modefied_by = ${RELEASED_BY},
        version = r.version + 1
      WHERE r.reservation_status = 'ACTIVE' AND r.checked_in_at IS NULL AND lower(r.during) <= ${at}
        AND ${checkInSql('r').isNoShow(now)}
      RETURNING r.id),
    queued AS (${reservationJobs.enqueueForRows('released', sql<string>`'released'`, { released: release.jobs }, now)}),
    dropped AS (${reservationJobs.cancelPendingForRows('released', 'mail.reminder', 'reservationId')})
    SELECT id::text AS id FROM released ORDER BY released.id`.execute(db.withoutPlugins());
  return found.rows.map((row) => row.id);
}

/** The ids of the reservations `r` that `condition` holds for, by date and start. */
export async function reservationIdsWhere(db: Kysely<DB>, condition: Sql): Promise<string[]> {
  const found = await sql<{ id: string }>`SELECT r.id::text AS id FROM reservations r
    WHERE ${condition}
    ORDER BY r.date, r.start_time, r.id`.execute(db);
  return found.rows.map((row) => row.id);
}

/** What notifications are told of a stored reservation after a change (it reads no table of its own). */
export async function noticeFactsOf(db: Executor, reservationId: string): Promise<NoticeFacts> {
  const found = await sql<NoticeFacts>`SELECT r.id::text AS id, lower(r.during) AS starts_at,
  lower(r.during) - coalesce(r.reminder_before_reservation, interval '0') AS remind_at,
  r.send_notification, r.reservation_status = 'ACTIVE' AS active,
  CASE WHEN r.reservation_type = 'GUEST' AND r.guest_told_at IS NOT NULL THEN nullif(trim(r.guest_email), '')
  END AS guest_address
    FROM reservations r WHERE r.id = ${reservationId}`.execute(db);
  return answeredRow(found, `reservation ${reservationId} exists`);
}

/** What a reservation form's template needs of its user. */
export async function templateUser(
  db: Kysely<DB>,
  userId: string,
): Promise<(ReservationInputUser & { preferredParkingSlotId: string | null }) | undefined> {
  const user = await sql<
    ReservationInputUser & { preferredParkingSlotId: string | null }
  >`SELECT is_normal_reservation, is_quick_reservation,
      is_guest_reservation, is_long_reservation,
      to_char(start_of_working_time, 'HH24:MI:SS') AS start_of_working_time,
      to_char(end_of_working_time, 'HH24:MI:SS') AS end_of_working_time,
      preferred_parking_slot_id::text AS preferred_parking_slot_id
    FROM users WHERE id = ${userId}`.execute(db);
  return user.rows[0];
}

/** The user's cars a reservation may use (not archived), by id. */
export async function usableCars(
  db: Kysely<DB>,
  userId: string,
): Promise<Array<{ id: string; isFavorite: boolean }>> {
  const cars = await sql<{ id: string; isFavorite: boolean }>`SELECT id::text AS id, is_favorite
    FROM cars WHERE user_id = ${userId} AND NOT is_archived ORDER BY cars.id`.execute(db);
  return cars.rows;
}
