import type { Violation } from '../../../platform/violation.ts';
import type { RequestFacts, RuleContext, UpcomingCounts } from './facts.ts';
import { checkQuota } from './quotas.ts';
import { checkReservationDate, checkReservationTimes } from './reservation-bounds.ts';
import { type ReservationSlotTime, reservationDays, reservationIntervals } from './reservation-days.ts';
import { checkCarOrGuest, checkOwnerAndType, checkSlot } from './reservation-parties.ts';

export type ReservationPlan = {
  violations: Violation[];
  /** What to insert, one per day (LONG: each working day), empty when anything is violated. */
  intervals: ReservationSlotTime[];
};

/**
 * Every rule of a new reservation (DESIGN §4, SPEC §4–§5) except the free slot, which the exclusion
 * constraint decides at insert time. All violations at once, so the form can mark every field.
 */
export const checkReservation = (
  request: RequestFacts,
  context: RuleContext & { upcoming: UpcomingCounts },
): Violation[] => {
  const ownerAndType = checkOwnerAndType(request.type, request.owner, context.actor);
  const owner = request.owner;
  if (ownerAndType.length > 0 || owner === null) {
    return ownerAndType;
  }
  const dateViolations = checkReservationDate(request, context);
  // A series' days are listed only once its dates are within bounds; until then its first day stands for it.
  const days = dateViolations.length === 0 ? reservationDays(request, context.calendar) : [request.date];
  return [
    ...dateViolations,
    ...checkReservationTimes(request, context, days),
    ...checkCarOrGuest(request, owner),
    ...checkSlot(request.slot, context.actor),
    ...checkQuota(request.type, owner, context.upcoming, context.actor),
  ];
};

/** `checkReservation` plus the instants to insert when nothing is violated. */
export const planReservation = (
  request: RequestFacts,
  context: RuleContext & { upcoming: UpcomingCounts },
): ReservationPlan => {
  const violations = checkReservation(request, context);
  if (violations.length > 0) {
    return { violations, intervals: [] };
  }
  const days = reservationDays(request, context.calendar);
  return {
    violations,
    intervals: reservationIntervals(days, request.startTime, request.endTime, context.timeZone),
  };
};
