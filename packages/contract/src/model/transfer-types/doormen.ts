import { date, operation, picked, relation, string, time, transfer } from '../dsl.ts';
import type { TransferOf } from '../transfer-of.ts';
import { email, licensePlate } from './attributes.ts';

// ConfigurationSettings.createDoorman asks for what a Doorman shows.
const doormanContact = {
  name: string({ required: true, maxLength: 255 }),
  email: email(true),
} as const;

export const Doorman = transfer('Doorman', {
  entity: 'Doorman',
  attributes: {
    ...doormanContact,
    /** The assigned garages' names, comma separated in name order: what the doormen table shows. */
    assignedGarageNames: string({ derived: true, filter: false }),
  },
  relations: {
    assignedGarages: picked('ParkingGarage', 'many'),
  },
  updatable: true,
  deletable: true,
});
export type Doorman = TransferOf<typeof Doorman>;

export const DoormanInput = transfer('DoormanInput', {
  entity: null,
  attributes: doormanContact,
  relations: {
    accessedGarages: picked('ParkingGarage', 'many'),
  },
  template: true,
});
export type DoormanInput = TransferOf<typeof DoormanInput>;

/** The doorman's read-only page: today's arrivals at their garages, guests first. */
export const DoormanArrivals = transfer('DoormanArrivals', {
  entity: null,
  attributes: {
    date: date({ readOnly: true }),
    /** When the server answered, on the configured zone's wall clock: the page's "Updated at". */
    currentTime: time({ readOnly: true }),
  },
  relations: {
    arrivals: relation('UserReservation', 'many'),
    // [Pools] The owners of assigned slots expected today: they come without a booking.
    expectedOwners: relation('ExpectedOwner', 'many'),
    garages: relation('ParkingGarage', 'many'),
  },
  operations: {
    // A guest who came without a reservation, recorded at the gate (issue 31 §3): see WalkInInput.
    recordWalkIn: operation({ input: 'WalkInInput', output: 'UserReservation', bound: true }),
  },
});
export type DoormanArrivals = TransferOf<typeof DoormanArrivals>;

/**
 * A walk-in guest: a GUEST reservation of the recording doorman for a free slot of their garage, from the
 * current minute to `endTime` (the end of today when empty), checked in at once. The slot's range offers the
 * slots free for those times.
 */
export const WalkInInput = transfer('WalkInInput', {
  entity: null,
  attributes: {
    guestName: string({ required: true, maxLength: 255 }),
    guestLicensePlate: licensePlate(true),
    endTime: time(),
  },
  relations: {
    parkingSlot: picked('ParkingSlot', 'one', { required: true }),
  },
});
export type WalkInInput = TransferOf<typeof WalkInInput>;
