import { ADDITIONAL_DAYS_MAX_LENGTH } from '../../calendar/working-days.ts';
import {
  boolean,
  date,
  enumerated,
  integer,
  operation,
  picked,
  relation,
  string,
  time,
  timestamp,
  transfer,
} from '../dsl.ts';
import { ReservationStatus, ReservationType, WaitlistStatus } from '../enumerations.ts';
import { LICENSE_PLATE_MAX_LENGTH } from '../patterns.ts';
import type { TransferOf } from '../transfer-of.ts';
import { email, licensePlate } from './attributes.ts';

// What a reservation, a waitlist entry and a draw request were asked for, shown as they were stored.
export const requested = {
  date: date({ readOnly: true }),
  startTime: time({ readOnly: true }),
  endTime: time({ readOnly: true }),
  reservationType: enumerated(ReservationType, { readOnly: true }),
};

// The times a reservation is booked and modified for, judged by the same rules.
const timesOfTheDay = {
  startTime: time({ required: true }),
  endTime: time({ required: true }),
};

export const UserReservation = transfer('UserReservation', {
  entity: 'Reservation',
  attributes: {
    ...requested,
    reservationStatus: enumerated(ReservationStatus, { derived: true }),
    reserverName: string({ derived: true }),
    reserverCarId: string({ derived: true, maxLength: LICENSE_PLATE_MAX_LENGTH }),
    parkingSlotInformation: string({ derived: true, maxLength: 200 }),
    owner: string({ derived: true }),
    isGuest: boolean({ derived: true }),
    isNotCancelable: boolean({ derived: true }),
    isNotDeletable: boolean({ derived: true }),
    currentTime: time({ derived: true, filter: false }),
    // Check-in (its garage's settings): the window opens checkInEarlyMinutes before the start and closes
    // checkInGraceMinutes after it, when an unchecked reservation is released as NO_SHOW.
    checkInRequired: boolean({ derived: true }),
    checkedInAt: timestamp({ derived: true }),
    /** checkedInAt as a wall-clock time in the configured zone, as the window's times are. */
    checkedInTime: time({ derived: true, filter: false }),
    checkInOpensAt: time({ derived: true, filter: false }),
    checkInClosesAt: time({ derived: true, filter: false }),
    isCheckInOpen: boolean({ derived: true, filter: false }),
    // A cancellation is stored as EXPIRED with its end cut to the moment of cancelling (its slot is free from
    // then on): isCancelled tells it from a reservation that simply ended, bookedEndTime is the end it was
    // booked for (endTime for every other reservation).
    isCancelled: boolean({ derived: true }),
    bookedEndTime: time({ derived: true, filter: false }),
    /** The days of one LONG booking share it (null for every other type): the panel shows them as one card. */
    seriesId: string({ derived: true, filter: false, maxLength: 36 }),
    created: timestamp({ readOnly: true }),
    createdBy: string({ readOnly: true }),
    modefied: timestamp({ readOnly: true }),
    modefiedBy: string({ readOnly: true }),
  },
  operations: {
    deleteReservation: operation({ bound: true }),
    cancelReservation: operation({ bound: true }),
    checkIn: operation({ output: 'UserReservation', bound: true }),
    modificateReservation: operation({
      input: 'ModificateReservationInput',
      output: 'UserReservation',
      bound: true,
    }),
  },
});
export type UserReservation = TransferOf<typeof UserReservation>;

export const ModificateReservationInput = transfer('ModificateReservationInput', {
  entity: null,
  attributes: {
    ...timesOfTheDay,
  },
});
export type ModificateReservationInput = TransferOf<typeof ModificateReservationInput>;

export const ReservationInput = transfer('ReservationInput', {
  entity: null,
  attributes: {
    currentDate: date({ readOnly: true }),
    currentTime: time({ readOnly: true }),
    // The configured horizon, so that a form whose user may not read the configuration offers what the
    // rules accept; the rules read the configuration, never this echo.
    maxDaysInAdvance: integer({ readOnly: true }),
    // The configuration's additional days from today on (`formatDayOverrides`), so that the form's date picker
    // offers the working days the rules accept; and whom to ask for garage access. Echoes, like the horizon.
    additionalDays: string({ readOnly: true, maxLength: ADDITIONAL_DAYS_MAX_LENGTH }),
    contactEmail: string({ readOnly: true }),
    date: date({ required: true }),
    endDate: date(),
    ...timesOfTheDay,
    reservationType: enumerated(ReservationType, { required: true }),
    guestName: string({ maxLength: 255 }),
    guestEmail: email(false),
    guestLicensePlate: licensePlate(false),
    sendNotification: boolean({ default: true }),
    reminderBeforeReservation: time({ default: '00:15:00' }),
    instantNotificateTheDoorman: boolean({ default: false }),
    /** The user books although the owner has a holiday on a day of it; without it that is 422 ON_HOLIDAY. */
    confirmHoliday: boolean({ default: false }),
    // A weekly pattern (repeatReservation only): the weekdays, `TU,TH` (WEEKDAY_CODES), from `date` to
    // `repeatUntil` included, at most the owner's horizon ahead.
    repeatWeekdays: string({ maxLength: 40 }),
    repeatUntil: date(),
    // Form state the server fills in from the actor; clients echo it back.
    isAdmin: boolean({ readOnly: true }),
    isNotAdmin: boolean({ readOnly: true }),
    isGuestReservation: boolean({ readOnly: true }),
    isNotGuestReservation: boolean({ readOnly: true }),
    isLongReservation: boolean({ readOnly: true }),
    isNotLongReservation: boolean({ readOnly: true }),
    hideReminderReservation: boolean({ readOnly: true }),
    hideReservationType: boolean({ readOnly: true }),
    reminderReservationHidden: boolean({ readOnly: true }),
    warningText: string({ readOnly: true, maxLength: 1000 }),
    warningTextHidden: boolean({ readOnly: true }),
    warningNextToWallText: string({ readOnly: true, maxLength: 1000 }),
    warningNextToWallTextHidden: boolean({ readOnly: true }),
  },
  relations: {
    user: picked('UserForInput', 'one', { required: true }),
    car: picked('Car', 'one'),
    parkingSlot: picked('ParkingSlot', 'one', { required: true }),
    // Joining the waitlist: wait for a slot in this garage only; none means any garage the user may reserve in.
    parkingGarage: picked('ParkingGarage', 'one'),
  },
  template: true,
});
export type ReservationInput = TransferOf<typeof ReservationInput>;

/** A day of a weekly pattern that was not booked, and why: the code a single create of that day answers. */
export const SkippedDay = transfer('SkippedDay', {
  entity: null,
  attributes: {
    date: date({ derived: true }),
    /** A 400 item's code (NOT_A_WORKING_DAY), a 409's (SLOT_ALREADY_RESERVED) or a 422's (TOO_MANY_RESERVATION). */
    code: string({ derived: true, maxLength: 60 }),
  },
});
export type SkippedDay = TransferOf<typeof SkippedDay>;

/**
 * What a weekly pattern did (UserReservationPanel.repeatReservation): the reservations made (one series), the
 * days in a garage's draw requested instead, and the days skipped with their reasons, each in date order.
 */
export const RepeatedReservations = transfer('RepeatedReservations', {
  entity: null,
  attributes: {},
  relations: {
    reservations: relation('UserReservation', 'many'),
    drawRequests: relation('DrawRequest', 'many'),
    skippedDays: relation('SkippedDay', 'many'),
  },
});
export type RepeatedReservations = TransferOf<typeof RepeatedReservations>;

/** A request waiting for a slot (UserReservationPanel.joinWaitlist): served in order as slots become free. */
export const WaitlistEntry = transfer('WaitlistEntry', {
  entity: 'WaitlistEntry',
  attributes: {
    ...requested,
    waitlistStatus: enumerated(WaitlistStatus, { derived: true }),
    /** 1 for the entry served first among the WAITING entries of its date; null once it is not WAITING. */
    position: integer({ derived: true, filter: false }),
    /** The chosen garage's name; null: any garage the user may reserve in. */
    parkingGarageName: string({ derived: true, maxLength: 100 }),
    owner: string({ derived: true }),
    guestName: string({ readOnly: true, maxLength: 255 }),
    /** The reservation it became (PROMOTED): its slot's full name. */
    parkingSlotInformation: string({ derived: true, maxLength: 200 }),
    created: timestamp({ readOnly: true }),
  },
  operations: {
    leaveWaitlist: operation({ bound: true }),
  },
});
export type WaitlistEntry = TransferOf<typeof WaitlistEntry>;
