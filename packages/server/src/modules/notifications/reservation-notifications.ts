import type { Notice } from '@parkhere/contract';
import type { Executor } from '../../platform/db/executor.ts';
import type { AnyJobRequest } from '../../platform/jobs/job-types.ts';
import type { MailCharge } from '../../platform/mail/mail-limits.ts';
import { type ReservationJob, reservationJobs } from './jobs.ts';
import { chargeGuest, type MailBudget } from './mail-budget.ts';
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
 * it is a GUEST reservation, whose guest gets their own mail; `charges`: what those two spent of the budget.
 */
export type CreatedReservationMails = ReminderFacts & {
  notifyDoorman: boolean;
  isGuest?: boolean;
  charges?: { guest?: MailCharge; doormen?: MailCharge };
};

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
    ...(reservation.isGuest === true
      ? [guestMailJob(reservation.id, 'confirmation', { charge: reservation.charges?.guest })]
      : []),
    ...(reservation.notifyDoorman ? [doormanNoticeJob(reservation.id, reservation.charges?.doormen)] : []),
    ...(reminder === null ? [] : [reminder]),
  ];
};

/**
 * A reservation as its notices need it after a change: its reminder's facts, and its guest's address once the
 * guest was told of it (their confirmation went out), else null: a guest who never heard of it hears of no change.
 */
export type NoticeFacts = ReminderFacts & { guestAddress: string | null };

/** A change of a stored reservation (the create's jobs are `createdReservationJobs`). */
export type ReservationChange =
  /** Its times changed; `version`: its version after the change, so each modification tells once. */
  | { change: 'modified'; reservation: NoticeFacts; version: number; budget: MailBudget }
  /** Deleted by its owner, an administrator or a holiday. */
  | { change: 'deleted'; reservation: NoticeFacts; budget: MailBudget }
  /** Cancelled while it ran: it has started, so only a pending reminder is dropped; no mail. */
  | { change: 'cancelled'; reservation: { id: string } };

/** Queues the guest's mail of a change when the guest has an address and the budget allows it. */
async function tellGuest(
  db: Executor,
  job: (charge: MailCharge | undefined) => ReservationJob<'mail.guest'>,
  guestAddress: string | null,
  budget: MailBudget,
  now: Date,
): Promise<Notice[]> {
  if (guestAddress === null) {
    return [];
  }
  const allowance = await chargeGuest(db, budget, guestAddress, now);
  if (!allowance.allowed) {
    return ['GUEST_NOT_MAILED'];
  }
  await reservationJobs.enqueue(db, job(allowance.charge), now);
  return [];
}

/**
 * What a change tells: a modification mails the owner and the guest and moves the reminder to the new start;
 * a deletion drops the reminder and mails the owner and the guest; a cancellation drops the reminder. The
 * guest's mail spends the `budget` of the user who made the change; the notice when it was withheld.
 */
export async function notifyReservationChanged(
  db: Executor,
  change: ReservationChange,
  now: Date = new Date(),
): Promise<Notice[]> {
  const { reservation } = change;
  switch (change.change) {
    case 'modified': {
      await enqueueModification(db, reservation.id, change.version, now);
      const key = `${reservation.id}:${change.version}`;
      const job = (charge?: MailCharge) => guestMailJob(reservation.id, 'modification', { key, charge });
      const notices = await tellGuest(db, job, change.reservation.guestAddress, change.budget, now);
      await scheduleReminder(db, change.reservation, now);
      return notices;
    }
    case 'deleted': {
      await cancelReminder(db, reservation);
      await enqueueDeletion(db, reservation.id, now);
      const job = (charge?: MailCharge) => guestMailJob(reservation.id, 'deletion', { charge });
      return tellGuest(db, job, change.reservation.guestAddress, change.budget, now);
    }
    case 'cancelled':
      await cancelReminder(db, reservation);
      return [];
  }
}
