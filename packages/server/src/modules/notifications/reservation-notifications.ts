import type { Executor } from '../../platform/db/executor.ts';
import type { AnyJobRequest } from '../../platform/jobs/job-types.ts';
import { hasGuestAddress } from '../reservations/mail-repository.ts';
import { reservationJobs } from './jobs.ts';
import {
  cancelReminder,
  confirmationJob,
  doormanNoticeJob,
  enqueueDeletion,
  enqueueModification,
  guestMailJob,
  type ReminderFacts,
  reminderJob,
  scheduleReminder,
} from './notifications.ts';

/*
 * The mails of DESIGN §4 for each reservation operation, one call each, made inside the operation's
 * transaction after its rows are written. A LONG series is confirmed once, listing its days: every day's
 * confirmation is queued and the mail goes out for the first day only (send-reservation-mail.ts decides, so
 * a repeated or late confirmation cannot send a second one).
 */

/**
 * A created reservation as its mails see it: its reminder, whether the doormen are told at once, and whether
 * it is a GUEST reservation, whose guest gets their own mail.
 */
export type CreatedReservationMails = ReminderFacts & { notifyDoorman: boolean; isGuest?: boolean };

/**
 * What a create queues for each reservation: its confirmation (or the caller's mail in its place), its reminder when it asks for one, and the
 * doormen's notice for a GUEST reservation that asks for it. Jobs, not calls: the create queues them in the
 * statement that inserts (`id` may be the statement's row placeholder).
 */
export const createdReservationJobs = (
  reservation: CreatedReservationMails,
  now: Date,
  confirmation: (reservationId: string) => AnyJobRequest = confirmationJob,
): AnyJobRequest[] => {
  const reminder = reminderJob(reservation, now);
  return [
    confirmation(reservation.id),
    ...(reservation.isGuest === true ? [guestMailJob(reservation.id, 'confirmation')] : []),
    ...(reservation.notifyDoorman ? [doormanNoticeJob(reservation.id)] : []),
    ...(reminder === null ? [] : [reminder]),
  ];
};

/** After modificateReservation: the modification mails (owner, guest) and the reminder moved to the new start. */
export async function notifyReservationModified(
  db: Executor,
  reservation: { id: string; version: number },
  now: Date = new Date(),
): Promise<void> {
  await enqueueModification(db, reservation.id, reservation.version, now);
  if (await hasGuestAddress(db, reservation.id)) {
    await reservationJobs.enqueue(
      db,
      guestMailJob(reservation.id, 'modification', `${reservation.id}:${reservation.version}`),
      now,
    );
  }
  await scheduleReminder(db, reservation, now);
}

/** After deleteReservation (also a holiday's deletions): the deletion mails (owner, guest), no reminder any more. */
export async function notifyReservationDeleted(
  db: Executor,
  reservation: { id: string },
  now: Date = new Date(),
): Promise<void> {
  await cancelReminder(db, reservation);
  await enqueueDeletion(db, reservation.id, now);
  if (await hasGuestAddress(db, reservation.id)) {
    await reservationJobs.enqueue(db, guestMailJob(reservation.id, 'deletion'), now);
  }
}

/** After cancelReservation: it has started, so only a pending reminder is dropped; no mail. */
export async function notifyReservationCancelled(db: Executor, reservation: { id: string }): Promise<void> {
  await cancelReminder(db, reservation);
}
