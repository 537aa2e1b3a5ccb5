import type { Kysely } from 'kysely';
import type { ActorScope } from '../../engine/access.ts';
import type { DB } from '../../platform/db/schema.ts';
import { lockReservation, storeDeleted } from './repository.ts';
import { notifyReservationDeleted } from './reservation-notifications.ts';
import { assertNoViolation, checkDeletion } from './rules/index.ts';

/** UserReservation.deleteReservation: a future ACTIVE reservation becomes DELETED; the owner is told. */
export async function deleteReservation(
  db: Kysely<DB>,
  request: { reservationId: string; scope: ActorScope; now: Date },
): Promise<void> {
  const { now } = request;
  const stored = await lockReservation(db, request.reservationId);
  assertNoViolation(
    checkDeletion(
      stored,
      { userId: request.scope.userId, isAdministrator: request.scope.isAdministrator },
      now,
    ),
  );
  await markDeleted(db, [request.reservationId], request.scope.email, now);
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
    await notifyReservationDeleted(db, { id }, now);
  }
}
