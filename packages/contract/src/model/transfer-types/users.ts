import { boolean, endsAfter, integer, operation, picked, relation, string, time, transfer } from '../dsl.ts';
import type { TransferOf } from '../transfer-of.ts';
import { email } from './attributes.ts';

// Granted by administrators, shown to the user.
const grantedReservationTypes = {
  isNormalReservation: boolean({ readOnly: true }),
  isQuickReservation: boolean({ readOnly: true }),
  isGuestReservation: boolean({ readOnly: true }),
  isLongReservation: boolean({ readOnly: true }),
};

// A user's working hours come as a pair, the end after the start.
const workingHours = <const R extends boolean | undefined = undefined>(options: {
  required?: R;
  readOnly?: boolean;
}) => ({
  startOfWorkingTime: time(options),
  endOfWorkingTime: time(options),
});
const workingHoursInOrder = [endsAfter('startOfWorkingTime', 'endOfWorkingTime')];

// The email a user signs in with, shown where it is not edited.
const shownEmail = string({ readOnly: true, maxLength: 255 });

export const ProfileSettings = transfer('ProfileSettings', {
  entity: 'User',
  attributes: {
    email: shownEmail,
    name: string({ required: true, maxLength: 255 }),
    ...workingHours({ required: true }),
    ...grantedReservationTypes,
    /** Granted by administrators: accessible slots are offered to the user before others. */
    hasAccessibilityPermit: boolean({ readOnly: true }),
    noShowCount: integer({ derived: true }),
  },
  relations: {
    accessedParkingGarages: relation('ParkingGarage', 'many'),
    accessedParkingSlots: relation('ParkingSlot', 'many'),
    cars: relation('Car', 'many', { updates: ['create'] }),
    idCardsForParkingGarages: relation('ParkingGarage', 'many'),
    preferedParkingSlot: picked('ParkingSlot', 'one'),
  },
  operations: {
    createCar: operation({ input: 'CreateCarInput', output: 'Car', bound: true }),
  },
  order: workingHoursInOrder,
  updatable: true,
});
export type ProfileSettings = TransferOf<typeof ProfileSettings>;

/** The user picker of the reservation and holiday forms. */
export const UserForInput = transfer('UserForInput', {
  entity: 'User',
  attributes: {
    email: shownEmail,
    name: string({ readOnly: true, maxLength: 255 }),
    ...workingHours({ readOnly: true }),
    isAdministrator: boolean({ readOnly: true }),
    ...grantedReservationTypes,
  },
  relations: {
    cars: relation('Car', 'many', { range: true }),
    preferredParkingSlot: relation('ParkingSlot', 'one', { range: true }),
  },
  operations: {
    queryReservationsForHoliday: operation({
      input: 'HolidayInput',
      output: 'QueryReservationsForHolidayResult',
      bound: false,
    }),
  },
});
export type UserForInput = TransferOf<typeof UserForInput>;

/** A user as administrators manage them (the Users table and view). */
export const UserSettings = transfer('UserSettings', {
  entity: 'User',
  attributes: {
    email: email(true),
    name: string({ required: true, maxLength: 255 }),
    isActive: boolean({ default: true }),
    isAdministrator: boolean({ default: false }),
    isNormalReservation: boolean({ default: false }),
    isQuickReservation: boolean({ default: true }),
    isGuestReservation: boolean({ default: false }),
    isLongReservation: boolean({ default: false }),
    startOfWorkingTime: time({ required: true, default: '09:00:00' }),
    endOfWorkingTime: time({ required: true, default: '17:00:00' }),
    maxNormalReservation: integer({ required: true, default: 5 }),
    maxGuestReservation: integer({ required: true, default: 5 }),
    maxLongReservation: integer({ required: true, default: 2 }),
    /** Accessible slots are offered to the user before others (seen only by administrators and the user). */
    hasAccessibilityPermit: boolean({ default: false }),
    /** How many of the user's reservations were released as NO_SHOW. */
    noShowCount: integer({ derived: true }),
    /** Whether the user was anonymised (erasure): their name and email are a pseudonym for good. */
    isAnonymised: boolean({ derived: true }),
  },
  relations: {
    accessedParkingGarages: picked('ParkingGarage', 'many'),
    idCardsForParkingGarages: picked('ParkingGarage', 'many'),
    holiday: relation('Holiday', 'many'),
    cars: relation('Car', 'many'),
    preferredParkingSlot: picked('ParkingSlot', 'one'),
    /** The user's need-based priorities in the fair draw (administrators only: health-related). */
    drawPriorities: relation('DrawPriority', 'many'),
  },
  operations: {
    /** What deactivating the user now would release (the administrator confirms it before saving). */
    queryDeactivationRelease: operation({ output: 'DeactivationRelease', bound: true }),
    createDrawPriority: operation({ input: 'DrawPriority', output: 'DrawPriority', bound: true }),
    /**
     * Erasure of a deactivated user: name, email, plates and guests' details become a pseudonym, the
     * reservations stay for the statistics. It cannot be undone.
     */
    anonymise: operation({ bound: true }),
  },
  order: workingHoursInOrder,
  updatable: true,
  // The Users table's new row starts from the defaults.
  template: true,
});
export type UserSettings = TransferOf<typeof UserSettings>;

/** What a user holds that their deactivation releases: their upcoming reservations, waitlist places and draw requests. */
export const DeactivationRelease = transfer('DeactivationRelease', {
  entity: 'User',
  attributes: {
    upcomingReservations: integer({ derived: true }),
    waitlistPlaces: integer({ derived: true }),
    drawRequests: integer({ derived: true }),
  },
});
export type DeactivationRelease = TransferOf<typeof DeactivationRelease>;
