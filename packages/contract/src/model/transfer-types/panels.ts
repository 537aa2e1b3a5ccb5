import { binary, integer, operation, relation, transfer } from '../dsl.ts';
import type { TransferOf } from '../transfer-of.ts';

// Each page books from the panel it lists reservations and holidays on.
const bookReservation = operation({
  input: 'ReservationInput',
  output: 'UserReservation',
  outputCardinality: 'many',
  bound: false,
});
const bookHoliday = operation({ input: 'HolidayInput', output: 'Holiday', bound: false });
// A weekly pattern: each matching day booked on its own (ReservationInput.repeatWeekdays, repeatUntil).
const repeatReservation = operation({
  input: 'ReservationInput',
  output: 'RepeatedReservations',
  bound: false,
});
const bookEither = { reservation: bookReservation, holiday: bookHoliday, repeatReservation } as const;

// The configured palm of the holiday cards (Configuration.holidayImage), readable by the users who see those
// cards on the dashboard and the Holidays page; the configuration itself is administrators' only.
const holidayCards = { holidayImage: binary({ derived: true }) } as const;

export const HolidayPanel = transfer('HolidayPanel', {
  entity: null,
  attributes: holidayCards,
  relations: {
    holidays: relation('Holiday', 'many'),
  },
  operations: {
    holiday: bookHoliday,
  },
});
export type HolidayPanel = TransferOf<typeof HolidayPanel>;

export const UserReservationPanel = transfer('UserReservationPanel', {
  entity: null,
  attributes: holidayCards,
  relations: {
    activeReservations: relation('UserReservation', 'many'),
    previousReservation: relation('UserReservation', 'many'),
    holidays: relation('Holiday', 'many'),
    /** The user's WAITING entries, first due first. */
    waitlist: relation('WaitlistEntry', 'many'),
    /** The user's requests of the fair draw, every status, the latest day first. */
    drawRequests: relation('DrawRequest', 'many'),
  },
  operations: {
    ...bookEither,
    // A day in its garage's draw is requested, not booked: the same form; the garage is required, the slot
    // is the preferred one and may be left out. A LONG series answers one request per working day.
    requestDraw: operation({
      input: 'ReservationInput',
      output: 'DrawRequest',
      outputCardinality: 'many',
      bound: false,
      optionalInput: ['parkingSlot'],
    }),
    // [Pools] The actor's assigned slots over their next working days; giving days back ("Not coming") and
    // taking them back (only while nobody has booked them) answer the same.
    assignedSlotDays: operation({ output: 'AssignedSlotSchedule', bound: false }),
    releaseAssignedSlot: operation({
      input: 'AssignedSlotRelease',
      output: 'AssignedSlotSchedule',
      bound: false,
      optionalInput: ['parkingSlot'],
    }),
    takeBackAssignedSlot: operation({
      input: 'AssignedSlotRelease',
      output: 'AssignedSlotSchedule',
      bound: false,
      optionalInput: ['parkingSlot'],
    }),
    // The same form as a reservation; no slot is needed, a garage may be chosen.
    joinWaitlist: operation({
      input: 'ReservationInput',
      output: 'WaitlistEntry',
      bound: false,
      optionalInput: ['parkingSlot'],
    }),
  },
});
export type UserReservationPanel = TransferOf<typeof UserReservationPanel>;

export const ReservationsPanel = transfer('ReservationsPanel', {
  entity: null,
  attributes: {
    /**
     * The ACTIVE reservations not begun yet: the ones a change of the configured time zone moves to the new
     * zone's instants of their wall-clock times (migration 0052), as the configuration page says before saving.
     */
    upcomingReservationCount: integer({ derived: true, filter: false }),
  },
  relations: {
    todayReservations: relation('UserReservation', 'many'),
    futureReservations: relation('UserReservation', 'many'),
    previousReservations: relation('UserReservation', 'many'),
    /** Every user's entries, of every status; filtered by date, a day's waitlist in order. */
    waitlist: relation('WaitlistEntry', 'many'),
    /** Every draw that ran, the latest day first; filtered by garage and date. */
    draws: relation('Draw', 'many'),
  },
  operations: bookEither,
});
export type ReservationsPanel = TransferOf<typeof ReservationsPanel>;
