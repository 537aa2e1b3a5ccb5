import { isInDraw, type LocalDate, type ReservationType } from '@parkhere/contract';
import { type RawBuilder, sql } from 'kysely';
import { business, type Violation } from '../../../platform/violation.ts';
import { garageDrawSql } from '../../garages/index.ts';
import type { GarageDraw, RuleContext } from './facts.ts';

/**
 * The GarageDraw of the garage row `alias`, as one JSON value. The pending days are read from modules/draw's
 * draw_requests (reservations reads it, scripts/lint/table-owners.mjs), by its (garage, date, status) index.
 */
export const garageDrawDaysSql = (alias: string): RawBuilder<unknown> =>
  sql`(${garageDrawSql(alias)}::jsonb || jsonb_build_object('pendingDates',
    (SELECT coalesce(jsonb_agg(DISTINCT to_char(d.date, 'YYYY-MM-DD')), '[]'::jsonb) FROM draw_requests d
      WHERE d.parking_garage_id = ${sql.ref(`${alias}.id`)} AND d.draw_status = 'PENDING')))`;

/**
 * A user's own booking of a day in its garage's fair draw is refused (422 DAY_IN_DRAW): the day is requested
 * (UserReservationPanel.requestDraw) and drawn at its cut-off. After the cut-off, until the minute's draw job
 * has decided the day's pending requests, it is refused too (422 DAY_BEING_DRAWN): a fast click would take a
 * slot the draw is about to give (as would one between a garage turning its draw off and the settlement of its
 * pending requests). So is a wait for it on the waitlist (in that garage, or in any of the user's when one of
 * them draws): it would queue ahead of the draw's losers. GUEST reservations (visitors) and administrators'
 * bookings are made directly, before and after the cut-off alike, and reduce the draw's supply. A LONG series
 * with any such day is refused whole: its days before the draw's (whose draw ran) are booked, the rest
 * requested. `draw`: the garage's, none when no garage is known yet.
 */
export const checkNotInDraw = (
  type: ReservationType,
  dates: readonly LocalDate[],
  draw: GarageDraw | undefined,
  context: RuleContext,
): Violation[] => {
  if (draw === undefined || type === 'GUEST' || context.actor.isAdministrator) {
    return [];
  }
  const drawn = dates.filter((date) => isInDraw(context.now, date, draw, context.calendar, context.timeZone));
  if (drawn.length > 0) {
    return [
      business('DAY_IN_DRAW', 'This day is in the garage’s draw: request it instead of booking it', {
        dates: drawn,
      }),
    ];
  }
  const beingDrawn = dates.filter((date) => draw.pendingDates.includes(date));
  return beingDrawn.length === 0
    ? []
    : [
        business('DAY_BEING_DRAWN', 'The draw for this day is running; try again in a minute', {
          dates: beingDrawn,
        }),
      ];
};
