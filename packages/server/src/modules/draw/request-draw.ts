import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { ConflictError } from '../../platform/errors.ts';
import { assertNoViolation, invalid } from '../../platform/violation.ts';
import {
  assertOwnerStaysActive,
  ownOverlappingReservation,
  planRequest,
  type UnbookedRequest,
} from '../reservations/index.ts';
import { insertRequests, readRequestGarage } from './repository.ts';
import { checkAllInDraw, checkDrawnRequester, checkRequestGarage } from './rules/requests.ts';

/**
 * UserReservationPanel.requestDraw: the request of a create for days in a garage's draw, under every rule a
 * create obeys (planRequest: access, the type's flag, horizon, working days, times, the quota, which
 * counts pending requests, and a holiday's confirmation), with the preferred slot checked as a create's slot
 * or none. Then every day must be in the garage's draw (422 DAY_NOT_IN_DRAW: book it directly), the owner
 * must hold no overlapping reservation (409 OVERLAPPING_RESERVATION) and no pending request that day, in any
 * garage (409 ALREADY_REQUESTED: one slot a day). GUEST reservations and administrators are not drawn (422
 * DAY_NOT_IN_DRAW). A LONG series is one request per working day, sharing a series id, all or nothing.
 */
export async function requestDraw(db: Kysely<DB>, request: UnbookedRequest): Promise<{ ids: string[] }> {
  const { input, scope, now, slotId } = request;
  assertNoViolation(checkDrawnRequester(input.reservationType, scope));
  if (request.garageId === null && slotId === null) {
    assertNoViolation([invalid('parkingGarage', 'MISSING_REQUIRED_ATTRIBUTE')]);
  }
  const { facts, plan } = await planRequest(db, request, { drawRequest: true });
  const owner = facts.owner;
  const garage =
    owner === null || plan.violations.length > 0
      ? undefined
      : await readRequestGarage(db, { garageId: request.garageId, slotId, userId: owner.id });
  const dates = plan.intervals.map((interval) => interval.date);
  // Asked once the create's own rules hold; a garage gone since its identifier was handed out is not offered.
  const garageViolations =
    garage === undefined
      ? [invalid('parkingGarage', 'NOT_ACCEPTED_BY_RANGE')]
      : [...checkRequestGarage(garage), ...checkAllInDraw(dates, garage.draw, facts.context)];
  assertNoViolation(plan.violations.length > 0 ? plan.violations : garageViolations);
  if (owner === null || garage === undefined) {
    throw new Error('a request without violations has its owner and garage');
  }
  if ((await ownOverlappingReservation(db, owner.id, plan.intervals)) !== null) {
    throw new ConflictError('OVERLAPPING_RESERVATION');
  }
  // The owner leaving meanwhile: their hooks withdraw pending requests, so none may be written after they ran.
  await assertOwnerStaysActive(db, owner.id);
  const type = input.reservationType;
  const ids = await insertRequests(db, {
    userId: owner.id,
    garageId: garage.id,
    preferredSlotId: slotId,
    carId: request.carId,
    startTime: input.startTime ?? '',
    endTime: input.endTime ?? '',
    type,
    seriesId: type === 'LONG' ? randomUUID() : null,
    sendNotification: input.sendNotification ?? true,
    reminderBefore: input.reminderBeforeReservation ?? '00:15:00',
    intervals: plan.intervals,
    createdBy: scope.email,
    now,
  });
  // A day left out already has a pending request of the owner's; the series' other days roll back with it.
  if (ids.length < plan.intervals.length) {
    throw new ConflictError('ALREADY_REQUESTED');
  }
  return { ids };
}
