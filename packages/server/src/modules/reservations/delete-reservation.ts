import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { notifyReservationChanged } from '../notifications/index.ts';
import { lockForOwnerAction, type OwnerAction } from './lock-for-owner-action.ts';
import { noticeFactsOf, storeDeleted } from './repository.ts';
import { checkDeletion } from './rules/index.ts';

/** UserReservation.deleteReservation: a future ACTIVE reservation becomes DELETED; the owner is told. */
export async function deleteReservation(db: Kysely<DB>, request: OwnerAction): Promise<void> {
  await lockForOwnerAction(db, request, checkDeletion);
  await markDeleted(db, [request.reservationId], request.scope.email, request.now);
}

/** Stores DELETED, drops pending reminders and queues the deletion mails (also used by holidays). */
export async function markDeleted(
  db: Kysely<DB>,
  reservationIds: readonly string[],
  by: string,
  now: Date,
): Promise<void> {
  if (reservationIds.length === 0) {
    return;
  }
  await storeDeleted(db, reservationIds, by, now);
  for (const id of reservationIds) {
    await notifyReservationChanged(db, { change: 'deleted', reservation: await noticeFactsOf(db, id) }, now);
  }
}
