import { type Kysely, sql } from 'kysely';
import { type ActorScope, instant } from '../../engine/access.ts';
import type { DB } from '../../platform/db/schema.ts';
import { configuredWallClock } from '../configuration/index.ts';
import { notifyReservationCancelled } from './reservation-notifications.ts';
import { assertNoViolation, cancelWindow, checkCancellation } from './rules/index.ts';
import { lockReservation } from './stored-reservation.ts';

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
  await sql`UPDATE reservations SET reservation_status = 'EXPIRED',
      during = tstzrange(${window.start.toISOString()}::timestamptz, ${window.end.toISOString()}::timestamptz, '[)'),
      end_time = greatest(start_time, ${configuredWallClock(instant(window.end))}::time),
      modefied = ${now.toISOString()}::timestamptz, modefied_by = ${request.scope.email}, version = version + 1
    WHERE id = ${request.reservationId}`.execute(db);
  await notifyReservationCancelled(db, { id: request.reservationId });
}
