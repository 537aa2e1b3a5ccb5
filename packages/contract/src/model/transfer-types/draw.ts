import { enumerated, integer, operation, relation, string, time, timestamp, transfer } from '../dsl.ts';
import { DrawStatus, WaitlistStatus } from '../enumerations.ts';
import type { TransferOf } from '../transfer-of.ts';
import { requested } from './reservations.ts';

/**
 * A request of the fair draw for one day (UserReservationPanel.requestDraw): a LONG series is one request per
 * working day, drawn each on its own. WON links the reservation the draw made for it.
 */
export const DrawRequest = transfer('DrawRequest', {
  entity: 'DrawRequest',
  attributes: {
    ...requested,
    parkingGarageName: string({ derived: true, maxLength: 100 }),
    /** The preferred slot's full name; null: any slot of the garage. */
    preferredSlotName: string({ derived: true, maxLength: 200 }),
    drawStatus: enumerated(DrawStatus, { readOnly: true }),
    created: timestamp({ readOnly: true }),
    // Its garage's cut-off, so that its owner sees until when it may be withdrawn (the contract's drawCutoff).
    drawCutoffTime: time({ derived: true, filter: false }),
    drawCutoffWorkingDaysBefore: integer({ derived: true, filter: false }),
    /** WON: the slot of the reservation the draw made; LOST and served from the waitlist later: that one's. */
    parkingSlotInformation: string({ derived: true, maxLength: 200 }),
    /** LOST: the status of the waitlist place the draw gave it (null: it could not wait, e.g. a LONG day). */
    waitlistStatus: enumerated(WaitlistStatus, { derived: true }),
    /** LOST and still WAITING: the place on that waitlist (1: served first). */
    waitlistPosition: integer({ derived: true, filter: false }),
  },
  relations: {
    /** The reservation a WON request became. */
    reservation: relation('UserReservation', 'one'),
  },
  operations: {
    withdraw: operation({ output: 'DrawRequest', bound: true }),
  },
});
export type DrawRequest = TransferOf<typeof DrawRequest>;
