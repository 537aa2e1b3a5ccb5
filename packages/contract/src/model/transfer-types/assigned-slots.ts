import { boolean, date, enumerated, relation, string, time, transfer } from '../dsl.ts';
import { AssignedDayState } from '../enumerations.ts';
import type { TransferOf } from '../transfer-of.ts';

/**
 * The days an owner gives their assigned slot back ("Not coming") or takes back, both included; non-working
 * days in between are left alone. `parkingSlot`: which of their assigned slots; none: each of them.
 */
export const AssignedSlotRelease = transfer('AssignedSlotRelease', {
  entity: null,
  attributes: {
    startDate: date({ required: true }),
    endDate: date({ required: true }),
  },
  relations: {
    parkingSlot: relation('ParkingSlot', 'one'),
  },
});
export type AssignedSlotRelease = TransferOf<typeof AssignedSlotRelease>;

/** One working day of one of the owner's assigned slots. */
export const AssignedSlotDay = transfer('AssignedSlotDay', {
  entity: null,
  attributes: {
    date: date({ derived: true }),
    parkingSlotInformation: string({ derived: true, maxLength: 200 }),
    assignedDayState: enumerated(AssignedDayState, { derived: true }),
  },
});
export type AssignedSlotDay = TransferOf<typeof AssignedSlotDay>;

/** The owner's assigned slots over their next working days, as the dashboard shows them. */
export const AssignedSlotSchedule = transfer('AssignedSlotSchedule', {
  entity: null,
  attributes: {
    /** The actor has at least one slot assigned to them. */
    hasAssignedSlot: boolean({ derived: true }),
  },
  relations: {
    days: relation('AssignedSlotDay', 'many'),
  },
});
export type AssignedSlotSchedule = TransferOf<typeof AssignedSlotSchedule>;

/**
 * An assigned slot whose owner is expected today (not away: no holiday, the day not given back), as the
 * doorman's arrivals list it beside the day's bookings (DoormanArrivals.expectedOwners): the owner needs no
 * booking, so no reservation names them. Their times are their working hours (else the configured ones).
 */
export const ExpectedOwner = transfer('ExpectedOwner', {
  entity: 'ParkingSlot',
  attributes: {
    ownerName: string({ derived: true, maxLength: 255 }),
    /** Their favourite car's plate, else their first car's; none when they have no car. */
    ownerCarPlate: string({ derived: true, maxLength: 20 }),
    parkingSlotInformation: string({ derived: true, maxLength: 200 }),
    startTime: time({ derived: true }),
    endTime: time({ derived: true }),
  },
});
export type ExpectedOwner = TransferOf<typeof ExpectedOwner>;
