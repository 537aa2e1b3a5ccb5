import type { ReservationType } from '@parkhere/contract';
import type { ReservationOwner, RuleActor, UpcomingCounts } from './facts.ts';
import { business, type Violation } from './violation.ts';

/** How many more of `type` the owner may hold, or null when there is no limit. */
const quotaOf = (type: ReservationType, owner: ReservationOwner, upcoming: UpcomingCounts) => {
  switch (type) {
    case 'NORMAL':
      return { held: upcoming.normal, max: owner.maxNormalReservation };
    case 'GUEST':
      return { held: upcoming.guest, max: owner.maxGuestReservation };
    case 'LONG':
      return { held: upcoming.longSeries, max: owner.maxLongReservation };
    case 'QUICK':
      return null;
  }
};

/**
 * A non-administrator holds at most maxNormalReservation upcoming ACTIVE NORMAL reservations,
 * maxGuestReservation GUEST ones and maxLongReservation LONG series; QUICK is unlimited and administrators
 * are exempt, also when they reserve for someone else.
 */
export const checkQuota = (
  type: ReservationType,
  owner: ReservationOwner,
  upcoming: UpcomingCounts,
  actor: RuleActor,
): Violation[] => {
  const quota = quotaOf(type, owner, upcoming);
  if (actor.isAdministrator || quota === null || quota.held < quota.max) {
    return [];
  }
  return [business('TOO_MANY_RESERVATION', `At most ${quota.max} upcoming ${type} reservations`)];
};
