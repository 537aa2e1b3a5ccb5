import { enumerated, operation, relation, string, timestamp, transfer } from '../dsl.ts';
import { DrawStatus } from '../enumerations.ts';
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
