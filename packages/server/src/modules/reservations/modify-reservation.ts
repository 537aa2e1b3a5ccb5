import type { LocalTime, Notice } from '@parkhere/contract';
import type { Kysely } from 'kysely';
import type { ActorScope } from '../../engine/access.ts';
import { intervalOf } from '../../platform/calendar.ts';
import type { DB } from '../../platform/db/schema.ts';
import { ConflictError } from '../../platform/errors.ts';
import { assertNoViolation } from '../../platform/violation.ts';
import { type MailBudget, notifyReservationChanged } from '../notifications/index.ts';
import { lockAsSeen } from './lock-for-owner-action.ts';
import { noticeFactsOf, storeNewTimes } from './repository.ts';
import { loadRuleContext } from './rule-environment.ts';
import { checkModification } from './rules/index.ts';
import { withSavepoint } from './savepoint.ts';

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
    /** The version the caller's signed identifier names (null: none). */
    version: number | null;
    budget: MailBudget;
  },
): Promise<{ id: string; notices: Notice[] }> {
  const { now } = request;
  const context = await loadRuleContext(db, request.scope, now);
  const stored = await lockAsSeen(db, request.reservationId, request.version);
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
      storeNewTimes(db, {
        reservationId: request.reservationId,
        ...request.change,
        interval,
        now,
        by: request.scope.email,
      }),
    async (conflict) => new ConflictError(conflict),
  );
  const version = updated ?? stored.version + 1;
  const reservation = await noticeFactsOf(db, request.reservationId);
  const { budget } = request;
  const notices = await notifyReservationChanged(
    db,
    { change: 'modified', reservation, version, budget },
    now,
  );
  return { id: request.reservationId, notices };
}
