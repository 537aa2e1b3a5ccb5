import type { ReservationType } from '@parkhere/contract';
import { business, invalid, type Violation } from '../../platform/violation.ts';

/*
 * What the waitlist adds to the rules of a create (which it applies as they are, reservations/rules): which
 * requests may wait at all, and where they may be served.
 */

/** A LONG series is all or nothing over many days: it is not waited for. */
export const checkWaitlistType = (type: ReservationType): Violation[] =>
  type === 'LONG' ? [business('WAITLIST_NOT_FOR_SERIES', 'A LONG series cannot wait for a slot')] : [];

/**
 * Where the entry may be served: a chosen garage must be one the owner may reserve in; without one, the owner
 * must have a garage at all. Otherwise no freed slot could ever end the wait.
 */
export const checkWaitScope = (garageChosen: boolean, ownerMayWaitThere: boolean): Violation[] => {
  if (ownerMayWaitThere) {
    return [];
  }
  // With no garage at all, there is nothing to choose: the owner needs access first.
  return garageChosen
    ? [invalid('parkingGarage', 'NOT_ACCEPTED_BY_RANGE')]
    : [business('NO_GARAGE_ACCESS', 'The user may reserve in no garage; an administrator grants access')];
};
