import type { ReservationStatus, ReservationType } from '@parkhere/contract';
import { business, type Violation } from '../../../platform/violation.ts';
import type { ReservationOwner, RuleActor, UpcomingCounts } from './facts.ts';
import { effectiveStatus } from './reservation-lifecycle.ts';

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

/** Whether a quota limits this create at all: administrators are exempt and QUICK is unlimited. */
export const quotaApplies = (type: ReservationType, actor: RuleActor): boolean =>
  !actor.isAdministrator && type !== 'QUICK';

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
  if (!quotaApplies(type, actor) || quota === null || quota.held < quota.max) {
    return [];
  }
  // The limit rides along so the client can say it in the user's language.
  return [
    business('TOO_MANY_RESERVATION', `At most ${quota.max} upcoming ${type} reservations`, {
      max: quota.max,
      reservationType: type,
    }),
  ];
};

/** A held reservation as the quota count sees it; `seriesId` groups the days of one LONG series. */
export type HeldReservation = {
  type: ReservationType;
  status: ReservationStatus;
  end: Date;
  seriesId?: string | null;
};

/**
 * The definition the quota queries implement: a reservation counts while it is effectively ACTIVE (not
 * ended: `end > now`), including one in progress; a LONG series counts once while any of its days does.
 * In SQL: `reservation_status = 'ACTIVE' AND upper(during) > now()`, LONG as `count(DISTINCT series_id)`.
 */
export const upcomingCounts = (held: readonly HeldReservation[], now: Date): UpcomingCounts => {
  const counting = held.filter((reservation) => effectiveStatus(reservation, now) === 'ACTIVE');
  const series = new Set(
    counting.flatMap((reservation) => (reservation.type === 'LONG' ? [reservation.seriesId ?? null] : [])),
  );
  return {
    normal: counting.filter((reservation) => reservation.type === 'NORMAL').length,
    guest: counting.filter((reservation) => reservation.type === 'GUEST').length,
    longSeries: series.size,
  };
};
