import type { LocalTime } from '@parkhere/contract';
import { type Kysely, sql } from 'kysely';
import type { ActorScope } from '../../engine/access.ts';
import { intervalOf } from '../../platform/calendar.ts';
import type { DB } from '../../platform/db/schema.ts';
import { ConflictError } from '../../platform/errors.ts';
import { notifyReservationModified } from './reservation-notifications.ts';
import { loadRuleContext } from './rule-environment.ts';
import { assertNoViolation, checkModification } from './rules/index.ts';
import { withSavepoint } from './savepoint.ts';
import { lockReservation } from './stored-reservation.ts';

/**
 * UserReservation.modificateReservation: new times on the same date under the rules of a new reservation;
 * a taken slot or an overlap of the owner is the exclusion constraints' 409.
 */
export async function modifyReservation(
  db: Kysely<DB>,
  request: {
    reservationId: string;
    scope: ActorScope;
    change: { startTime: LocalTime; endTime: LocalTime };
    now: Date;
  },
): Promise<{ id: string }> {
  const { now } = request;
  const context = await loadRuleContext(db, request.scope, now);
  const stored = await lockReservation(db, request.reservationId);
  assertNoViolation(checkModification(stored, request.change, context));
  const interval = intervalOf(
    stored.date,
    request.change.startTime,
    request.change.endTime,
    context.timeZone,
  );
  const updated = await withSavepoint(
    db,
    () =>
      sql<{ version: number }>`UPDATE reservations SET start_time = ${request.change.startTime}::time,
          end_time = ${request.change.endTime}::time,
          during = tstzrange(${interval.start.toISOString()}::timestamptz, ${interval.end.toISOString()}::timestamptz, '[)'),
          modefied = ${now.toISOString()}::timestamptz, modefied_by = ${request.scope.email}, version = version + 1
        WHERE id = ${request.reservationId} RETURNING version`.execute(db),
    async (conflict) => new ConflictError(conflict),
  );
  const version = updated.rows[0]?.version ?? stored.version + 1;
  await notifyReservationModified(db, { id: request.reservationId, version }, now);
  return { id: request.reservationId };
}
