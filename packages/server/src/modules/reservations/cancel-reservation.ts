import type { Kysely } from 'kysely';
import type { ActorScope } from '../../engine/access.ts';
import type { DB } from '../../platform/db/schema.ts';
import { lockReservation, storeCancellation } from './repository.ts';
import { notifyReservationCancelled } from './reservation-notifications.ts';
import { assertNoViolation, cancelWindow, checkCancellation } from './rules/index.ts';

/**
 * UserReservation.cancelReservation: a reservation in progress ends now (status EXPIRED), so its slot is free
 * again from this moment. The stored end time is the wall-clock minute of now in the configured zone.
 */
export async function cancelReservation(
  db: Kysely<DB>,
  request: { reservationId: string; scope: ActorScope; now: Date },
): Promise<void> {
  const { now } = request;
  const stored = await lockReservation(db, request.reservationId);
  assertNoViolation(
    checkCancellation(
      stored,
      { userId: request.scope.userId, isAdministrator: request.scope.isAdministrator },
      now,
    ),
  );
  const window = cancelWindow(stored, now);
  if (window === null) {
    return;
  }
  await storeCancellation(db, { reservationId: request.reservationId, window, now, by: request.scope.email });
  await notifyReservationCancelled(db, { id: request.reservationId });
}
