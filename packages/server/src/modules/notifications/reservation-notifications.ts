import type { Executor } from '../../platform/db/executor.ts';
import type { AnyJobRequest } from '../../platform/jobs/job-types.ts';
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
 * The mails of DESIGN §4 for each reservation operation, made inside the operation's transaction after its
 * rows are written: reservations tells what changed, with the facts of its rows, and this decides what is
 * queued. A LONG series is confirmed once, listing its days: every day's confirmation is queued and the mail
 * goes out for the first day only (send-reservation-mail.ts decides, so a repeated or late confirmation cannot
 * send a second one).
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

/** A reservation as its notices need it after a change: its reminder's facts, and whether its guest has an address. */
export type NoticeFacts = ReminderFacts & { guestAddress: boolean };

/** A change of a stored reservation (the create's jobs are `createdReservationJobs`). */
export type ReservationChange =
  /** Its times changed; `version`: its version after the change, so each modification tells once. */
  | { change: 'modified'; reservation: NoticeFacts; version: number }
  /** Deleted by its owner, an administrator or a holiday. */
  | { change: 'deleted'; reservation: NoticeFacts }
  /** Cancelled while it ran: it has started, so only a pending reminder is dropped; no mail. */
  | { change: 'cancelled'; reservation: { id: string } };

/**
 * What a change tells: a modification mails the owner and the guest and moves the reminder to the new start;
 * a deletion drops the reminder and mails the owner and the guest; a cancellation drops the reminder.
 */
export async function notifyReservationChanged(
  db: Executor,
  change: ReservationChange,
  now: Date = new Date(),
): Promise<void> {
  const { reservation } = change;
  switch (change.change) {
    case 'modified':
      await enqueueModification(db, reservation.id, change.version, now);
      if (change.reservation.guestAddress) {
        await reservationJobs.enqueue(
          db,
          guestMailJob(reservation.id, 'modification', `${reservation.id}:${change.version}`),
          now,
        );
      }
      await scheduleReminder(db, change.reservation, now);
      return;
    case 'deleted':
      await cancelReminder(db, reservation);
      await enqueueDeletion(db, reservation.id, now);
      if (change.reservation.guestAddress) {
        await reservationJobs.enqueue(db, guestMailJob(reservation.id, 'deletion'), now);
      }
      return;
    case 'cancelled':
      await cancelReminder(db, reservation);
      return;
  }
}
