import type { ReservationType } from '@parkhere/contract';
import type { Executor } from './jobs-table.ts';
import {
  cancelReminder,
  enqueueConfirmation,
  enqueueDeletion,
  enqueueDoormanNotice,
  enqueueModification,
  scheduleReminder,
} from './notifications.ts';

/*
 * The mails of DESIGN §4 for each reservation operation, one call each, made inside the operation's
 * transaction after its rows are written.
 */

export type CreatedReservation = {
  id: string;
  reservationType: ReservationType;
  instantNotificateTheDoorman: boolean;
};

/**
 * After a create: one confirmation (a LONG series is confirmed once, listing its days), a reminder per
 * reservation that asks for one, and the doormen's notice for a GUEST reservation that asks for it.
 */
export async function notifyReservationsCreated(
  db: Executor,
  reservations: readonly CreatedReservation[],
  now: Date = new Date(),
): Promise<void> {
  const [first] = reservations;
  if (first === undefined) {
    return;
  }
  await enqueueConfirmation(db, first.id, now);
  for (const reservation of reservations) {
    await scheduleReminder(db, reservation, now);
    if (reservation.reservationType === 'GUEST' && reservation.instantNotificateTheDoorman) {
      await enqueueDoormanNotice(db, reservation.id, now);
    }
  }
}

/** After modificateReservation: the modification mail and the reminder moved to the new start. */
export async function notifyReservationModified(
  db: Executor,
  reservation: { id: string; version: number },
  now: Date = new Date(),
): Promise<void> {
  await enqueueModification(db, reservation.id, reservation.version, now);
  await scheduleReminder(db, reservation, now);
}

/** After deleteReservation (also a holiday's deletions): the deletion mail, and no reminder any more. */
export async function notifyReservationDeleted(
  db: Executor,
  reservation: { id: string },
  now: Date = new Date(),
): Promise<void> {
  await cancelReminder(db, reservation);
  await enqueueDeletion(db, reservation.id, now);
}

/** After cancelReservation: it has started, so only a pending reminder is dropped; no mail. */
export async function notifyReservationCancelled(db: Executor, reservation: { id: string }): Promise<void> {
  await cancelReminder(db, reservation);
}
