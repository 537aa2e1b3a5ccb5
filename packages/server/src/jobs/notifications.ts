import { addDays, instantOf, type LocalDate, type LocalTime, wallClockAt } from '@parkhere/contract';
import { sql } from 'kysely';
import type { Executor } from './jobs-table.ts';
import { cancelPendingJobs, enqueue } from './queue.ts';

/*
 * What the reservation operations call, inside their own transaction, so a notification exists exactly when
 * the change it tells about was committed. Idempotency keys make a repeated call harmless.
 */

export const enqueueConfirmation = (db: Executor, reservationId: string, now?: Date) =>
  enqueue(
    db,
    {
      kind: 'mail.confirmation',
      payload: { reservationId },
      idempotencyKey: `confirmation:${reservationId}`,
    },
    now,
  );

/** `version`: the reservation's version after the change, so each modification tells once. */
export const enqueueModification = (db: Executor, reservationId: string, version: number, now?: Date) =>
  enqueue(
    db,
    {
      kind: 'mail.modification',
      payload: { reservationId },
      idempotencyKey: `modification:${reservationId}:${version}`,
    },
    now,
  );

export const enqueueDeletion = (db: Executor, reservationId: string, now?: Date) =>
  enqueue(
    db,
    { kind: 'mail.deletion', payload: { reservationId }, idempotencyKey: `deletion:${reservationId}` },
    now,
  );

/** For GUEST reservations with instantNotificateTheDoorman. */
export const enqueueDoormanNotice = (db: Executor, reservationId: string, now?: Date) =>
  enqueue(
    db,
    {
      kind: 'mail.doorman-notice',
      payload: { reservationId },
      idempotencyKey: `doorman-notice:${reservationId}`,
    },
    now,
  );

/**
 * Schedules the reminder `reminderBeforeReservation` before the start (at once when that moment has passed but
 * the start has not), replacing any pending reminder of the reservation: call it again after a modification.
 * Nothing when the reservation is not ACTIVE, asks for no notification or has started. Returns the run time.
 */
export async function scheduleReminder(
  db: Executor,
  reservation: { id: string },
  now: Date = new Date(),
): Promise<Date | null> {
  await cancelReminder(db, reservation);
  const found = await sql<{ startsAt: Date; remindAt: Date; sendNotification: boolean; active: boolean }>`
    SELECT lower(during) AS starts_at,
      lower(during) - coalesce(reminder_before_reservation, interval '0') AS remind_at,
      send_notification, reservation_status = 'ACTIVE' AS active
    FROM reservations WHERE id = ${reservation.id}`.execute(db);
  const row = found.rows[0];
  if (row === undefined || !row.active || !row.sendNotification) {
    return null;
  }
  const startsAt = new Date(row.startsAt);
  if (startsAt.getTime() <= now.getTime()) {
    return null;
  }
  const runAt = new Date(Math.max(new Date(row.remindAt).getTime(), now.getTime()));
  await enqueue(
    db,
    {
      kind: 'mail.reminder',
      payload: { reservationId: reservation.id, startsAt: startsAt.toISOString() },
      runAt,
      idempotencyKey: `reminder:${reservation.id}:${startsAt.toISOString()}`,
    },
    now,
  );
  return runAt;
}

/** Drops the reservation's pending reminder (deleted, cancelled or notifications turned off). */
export const cancelReminder = (db: Executor, reservation: { id: string }): Promise<number> =>
  cancelPendingJobs(db, 'mail.reminder', { reservationId: reservation.id });

/** When the doormen's daily arrivals summary goes out, wall-clock time in the configured zone. */
export const DOORMAN_SUMMARY_TIME: LocalTime = '07:00:00';

/** The first summary date whose sending time is still ahead of `now`. */
export const nextSummaryDate = (
  now: Date,
  timeZone: string,
  at: LocalTime = DOORMAN_SUMMARY_TIME,
): LocalDate => {
  const today = wallClockAt(now, timeZone).date;
  return instantOf(today, at, timeZone).getTime() > now.getTime() ? today : addDays(today, 1);
};

/**
 * Makes sure the summary of `date` is queued (once, whoever asks). The summary job queues the next day's
 * itself, so one call at start keeps the chain going; days off are skipped when the job runs, so a working
 * day added later still gets its summary.
 */
export const scheduleDoormanSummary = (
  db: Executor,
  date: LocalDate,
  timeZone: string,
  now?: Date,
  at: LocalTime = DOORMAN_SUMMARY_TIME,
) =>
  enqueue(
    db,
    {
      kind: 'mail.doorman-summary',
      payload: { date },
      runAt: instantOf(date, at, timeZone),
      idempotencyKey: `doorman-summary:${date}`,
    },
    now,
  );
