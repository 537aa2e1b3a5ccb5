import type { Executor } from '../../platform/db/executor.ts';
import type { MailCharge } from '../../platform/mail/mail-limits.ts';
import { type ReservationJob, type ReservationJobs, reservationJobs } from './jobs.ts';

/*
 * What the reservation operations call, inside their own transaction, so a notification exists exactly when
 * the change it tells about was committed. Idempotency keys make a repeated call harmless.
 */

export const confirmationJob = (reservationId: string): ReservationJob<'mail.confirmation'> => ({
  kind: 'mail.confirmation',
  payload: { reservationId },
  idempotencyKey: `confirmation:${reservationId}`,
});

/** `version`: the reservation's version after the change, so each modification tells once. */
export const enqueueModification = (db: Executor, reservationId: string, version: number, now?: Date) =>
  reservationJobs.enqueue(
    db,
    {
      kind: 'mail.modification',
      payload: { reservationId },
      idempotencyKey: `modification:${reservationId}:${version}`,
    },
    now,
  );

export const enqueueDeletion = (db: Executor, reservationId: string, now?: Date) =>
  reservationJobs.enqueue(
    db,
    { kind: 'mail.deletion', payload: { reservationId }, idempotencyKey: `deletion:${reservationId}` },
    now,
  );

const charged = (charge: MailCharge | undefined) => (charge === undefined ? {} : { charge });

/**
 * A GUEST reservation's own mail to its guest; `key` tells one change from another (the modification's
 * version), so each change tells the guest once; `charge`: what it spent of the mail budget.
 */
export const guestMailJob = (
  reservationId: string,
  about: ReservationJobs['mail.guest']['about'],
  options: { key?: string; charge?: MailCharge } = {},
): ReservationJob<'mail.guest'> => ({
  kind: 'mail.guest',
  payload: { reservationId, about, ...charged(options.charge) },
  idempotencyKey: `guest-${about}:${options.key ?? reservationId}`,
});

/** For GUEST reservations with instantNotificateTheDoorman; `charge`: what it spent of the mail budget. */
export const doormanNoticeJob = (
  reservationId: string,
  charge?: MailCharge,
): ReservationJob<'mail.doorman-notice'> => ({
  kind: 'mail.doorman-notice',
  payload: { reservationId, ...charged(charge) },
  idempotencyKey: `doorman-notice:${reservationId}`,
});

/** What the reminder of a reservation depends on; `remindAt` is the start less `reminderBeforeReservation`. */
export type ReminderFacts = {
  id: string;
  startsAt: Date;
  remindAt: Date;
  sendNotification: boolean;
  active: boolean;
};

/**
 * The reminder `reminderBeforeReservation` before the start (at once when that moment has passed but the start
 * has not); none when the reservation is not ACTIVE, asks for no notification or has started.
 */
export const reminderJob = (facts: ReminderFacts, now: Date): ReservationJob<'mail.reminder'> | null => {
  const startsAt = new Date(facts.startsAt);
  if (!facts.active || !facts.sendNotification || startsAt.getTime() <= now.getTime()) {
    return null;
  }
  return {
    kind: 'mail.reminder',
    payload: { reservationId: facts.id, startsAt: startsAt.toISOString() },
    runAt: new Date(Math.max(new Date(facts.remindAt).getTime(), now.getTime())),
    idempotencyKey: `reminder:${facts.id}:${startsAt.toISOString()}`,
  };
};

/**
 * Schedules `reminderJob`, replacing any pending reminder of the reservation: call it again after a
 * modification. Returns the run time, or null when there is no reminder to send.
 */
export async function scheduleReminder(
  db: Executor,
  reservation: ReminderFacts,
  now: Date = new Date(),
): Promise<Date | null> {
  await cancelReminder(db, reservation);
  const job = reminderJob(reservation, now);
  if (job === null) {
    return null;
  }
  await reservationJobs.enqueue(db, job, now);
  return job.runAt ?? now;
}

/** Drops the reservation's pending reminder (deleted, cancelled or notifications turned off). */
export const cancelReminder = (db: Executor, reservation: { id: string }): Promise<number> =>
  reservationJobs.cancelPending(db, 'mail.reminder', { reservationId: reservation.id });
