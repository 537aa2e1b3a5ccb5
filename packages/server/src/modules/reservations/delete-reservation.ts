import type { Notice } from '@parkhere/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { type MailBudget, notifyReservationChanged } from '../notifications/index.ts';
import { lockForOwnerAction, type OwnerAction } from './lock-for-owner-action.ts';
import { noticeFactsOf, storeDeleted } from './repository.ts';
import { checkDeletion } from './rules/index.ts';

/** UserReservation.deleteReservation: a future ACTIVE reservation becomes DELETED; the owner is told. */
export async function deleteReservation(
  db: Kysely<DB>,
  request: OwnerAction & { budget: MailBudget },
): Promise<Notice[]> {
  await lockForOwnerAction(db, request, checkDeletion);
  return markDeleted(
    db,
    [request.reservationId],
    { by: request.scope.email, budget: request.budget },
    request.now,
  );
}

/**
 * Stores DELETED, drops pending reminders and queues the deletion mails (also used by holidays); `budget`: the
 * user whose change it is spends it on the guests' mails. The notices of the mails withheld, each once.
 */
export async function markDeleted(
  db: Kysely<DB>,
  reservationIds: readonly string[],
  change: { by: string; budget: MailBudget },
  now: Date,
): Promise<Notice[]> {
  if (reservationIds.length === 0) {
    return [];
  }
  await storeDeleted(db, reservationIds, change.by, now);
  const notices = new Set<Notice>();
  for (const id of reservationIds) {
    const reservation = await noticeFactsOf(db, id);
    const deleted = { change: 'deleted' as const, reservation, budget: change.budget };
    for (const notice of await notifyReservationChanged(db, deleted, now)) {
      notices.add(notice);
    }
  }
  return [...notices];
}
