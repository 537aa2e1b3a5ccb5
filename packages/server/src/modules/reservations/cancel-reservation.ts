import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { notifyReservationChanged } from '../notifications/index.ts';
import { lockForOwnerAction, type OwnerAction } from './lock-for-owner-action.ts';
import { storeCancellation } from './repository.ts';
import { cancelWindow, checkCancellation } from './rules/index.ts';

/**
 * UserReservation.cancelReservation: a reservation in progress ends now (status EXPIRED), so its slot is free
 * again from this moment. The stored end time is the wall-clock minute of now in the configured zone.
 */
export async function cancelReservation(db: Kysely<DB>, request: OwnerAction): Promise<void> {
  const { now } = request;
  const stored = await lockForOwnerAction(db, request, checkCancellation);
  const window = cancelWindow(stored, now);
  if (window === null) {
    return;
  }
  await storeCancellation(db, { reservationId: request.reservationId, window, now, by: request.scope.email });
  await notifyReservationChanged(db, { change: 'cancelled', reservation: { id: request.reservationId } });
}
