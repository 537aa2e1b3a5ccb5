import {
  type DrawSettings,
  type DrawStatus,
  isInDraw,
  type LocalDate,
  type ReservationType,
} from '@parkhere/contract';
import { business, invalid, type Violation } from '../../../platform/violation.ts';
import type { RuleActor, RuleContext } from '../../reservations/index.ts';

/*
 * What the fair draw adds to the rules of a create (which a request obeys as they are, reservations/rules):
 * who requests instead of booking, which days, in which garage, and until when a request may be withdrawn.
 * The cut-off itself is the contract's `drawCutoff` / `isInDraw` (rules/draw-cutoff.ts), which the direct
 * create (DAY_IN_DRAW) and the web's form apply too.
 */

/** GUEST reservations (visitors) and administrators' bookings are made directly: they are never drawn. */
export const checkDrawnRequester = (type: ReservationType, actor: RuleActor): Violation[] => {
  if (type === 'GUEST') {
    return [business('DAY_NOT_IN_DRAW', 'Guest reservations are booked directly, not drawn')];
  }
  return actor.isAdministrator
    ? [business('DAY_NOT_IN_DRAW', 'Administrators book directly, not through the draw')]
    : [];
};

/**
 * The garage of a request: one the owner may reserve in (else 400 at parkingGarage, as a waitlist join's), and
 * a preferred slot must stand in it (400 at parkingSlot).
 */
export const checkRequestGarage = (garage: { mayReserve: boolean; slotInGarage: boolean }): Violation[] => [
  ...(garage.mayReserve ? [] : [invalid('parkingGarage', 'NOT_ACCEPTED_BY_RANGE')]),
  ...(garage.slotInGarage ? [] : [invalid('parkingSlot', 'NOT_ACCEPTED_BY_RANGE')]),
];

/**
 * Every day of a request must be in its garage's draw (422 DAY_NOT_IN_DRAW, naming the days that are not): a
 * day whose cut-off passed, or of a garage that does not draw, is booked directly, first come first served.
 * Cut-offs grow with the day, so in a LONG series the days not in the draw come first: book them, request
 * the rest.
 */
export const checkAllInDraw = (
  dates: readonly LocalDate[],
  draw: DrawSettings,
  context: Pick<RuleContext, 'now' | 'calendar' | 'timeZone'>,
): Violation[] => {
  const outside = dates.filter(
    (date) => !isInDraw(context.now, date, draw, context.calendar, context.timeZone),
  );
  return outside.length === 0
    ? []
    : [
        business('DAY_NOT_IN_DRAW', 'This day is not in the garage’s draw: book it directly', {
          dates: outside,
        }),
      ];
};

/**
 * A request is withdrawn while PENDING (422 NOT_VALID_DATA otherwise) and before its day's cut-off, when the
 * draw takes it (422 DRAW_CUTOFF_PASSED).
 */
export const checkWithdrawal = (
  request: { status: DrawStatus; date: LocalDate; draw: DrawSettings },
  context: Pick<RuleContext, 'now' | 'calendar' | 'timeZone'>,
): Violation[] => {
  if (request.status !== 'PENDING') {
    return [business('NOT_VALID_DATA', 'Only a pending request can be withdrawn')];
  }
  const drawing = { ...request.draw, drawEnabled: true };
  return isInDraw(context.now, request.date, drawing, context.calendar, context.timeZone)
    ? []
    : [
        business(
          'DRAW_CUTOFF_PASSED',
          'The draw of this day has run: the request can no longer be withdrawn',
        ),
      ];
};
