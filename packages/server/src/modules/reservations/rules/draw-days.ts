import { type DrawSettings, isInDraw, type LocalDate, type ReservationType } from '@parkhere/contract';
import { business, type Violation } from '../../../platform/violation.ts';
import type { RuleContext } from './facts.ts';

/**
 * A user's own booking of a day in its garage's fair draw is refused (422 DAY_IN_DRAW): the day is requested
 * (UserReservationPanel.requestDraw) and drawn at its cut-off. So is a wait for it on the waitlist (in that
 * garage, or in any of the user's when one of them draws): it would queue ahead of the draw's losers. GUEST
 * reservations (visitors) and administrators' bookings are made directly and reduce the draw's supply. A LONG
 * series with any day in the draw is refused whole: its days before the draw's (whose cut-off passed) are
 * booked, the rest requested. `draw`: the garage's, none when no garage is known yet.
 */
export const checkNotInDraw = (
  type: ReservationType,
  dates: readonly LocalDate[],
  draw: DrawSettings | undefined,
  context: RuleContext,
): Violation[] => {
  if (draw === undefined || type === 'GUEST' || context.actor.isAdministrator) {
    return [];
  }
  const drawn = dates.filter((date) => isInDraw(context.now, date, draw, context.calendar, context.timeZone));
  return drawn.length === 0
    ? []
    : [
        business('DAY_IN_DRAW', 'This day is in the garage’s draw: request it instead of booking it', {
          dates: drawn,
        }),
      ];
};
