import type { Sources } from '../../engine/registry.ts';
import type { AuditedTable } from '../../platform/db/audit.ts';
import type { Constraints } from '../../platform/errors.ts';
import { drawRequestSource } from './source.ts';

/*
 * The fair draw ([Fair share 2]): for a day in its garage's draw (ParkingGarageSettings.drawEnabled, until the
 * cut-off of the contract's rules/draw-cutoff.ts) users request instead of booking, and at the cut-off the
 * draw decides who gets a slot. Requests: request-draw.ts, withdraw-request.ts, their rules in
 * rules/requests.ts; a direct booking of a day in the draw is refused by reservations' own rules
 * (checkNotInDraw), and its quota counts pending requests (countUpcoming).
 */
export { drawOperations as operations } from './operations.ts';

export const sources = {
  DrawRequest: drawRequestSource,
} satisfies Partial<Sources>;

export const audited: readonly AuditedTable[] = [{ table: 'draw_requests' }];

/** A second pending request of one user for one day is answered by the request itself (409 ALREADY_REQUESTED). */
export const constraints = {
  draw_requests_one_pending_a_day: { attribute: 'date' },
} satisfies Constraints;
