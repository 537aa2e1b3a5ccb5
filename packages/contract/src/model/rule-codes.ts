import { z } from 'zod';

/**
 * Codes of the 400 items the reservation and holiday rules answer, each at the field it concerns
 * (`date`, `endDate`, `startTime`, `endTime`, `startDate`, …). They extend the JUDO validation codes of
 * errors.ts; the web translates them by code like the others.
 */
export const RuleCode = /* @__PURE__ */ z.enum([
  /** The date is before today (`details.min`). */
  'DATE_IN_THE_PAST',
  /** Today, a time before the current minute (`details.min`). */
  'TIME_IN_THE_PAST',
  /** A non-administrator's QUICK reservation for today made before 12:00 starts before 12:00. */
  'BEFORE_NOON',
  /** Beyond the furthest allowed date: tomorrow for a non-administrator's QUICK, the horizon for NORMAL and GUEST. */
  'DATE_TOO_FAR_AHEAD',
  /** Non-administrators reserve on working days only. */
  'NOT_A_WORKING_DAY',
  /** A LONG series from `date` to `endDate` contains no working day. */
  'NO_WORKING_DAY_IN_RANGE',
  /** A LONG series ends more than MAX_LONG_SERIES_DAYS after its first day (`details.max`, the last end date allowed). */
  'SERIES_TOO_LONG',
  'END_DATE_BEFORE_DATE',
  'END_NOT_AFTER_START',
  /** Shorter than the 30-minute minimum (`details.minMinutes`). */
  'SHORTER_THAN_MINIMUM',
  /** A holiday that overlaps another holiday of the same user. */
  'OVERLAPPING_HOLIDAY',
  /** An additional day of the type its day already has: WORK on a working day, HOLIDAY on a day off. */
  'DAY_ALREADY_OF_THAT_TYPE',
  /** A group's rule outside its bounds (GROUP_RULE_BOUNDS). */
  'GROUP_RULE_OUT_OF_RANGE',
  /** ConfigurationSettings.accessibleSlotReleaseMinutes outside 0–1440 (ACCESSIBLE_SLOT_RELEASE_MINUTES). */
  'ACCESSIBLE_RELEASE_OUT_OF_RANGE',
  /** ReservationInput.repeatWeekdays names a code that is not a weekday's (MO TU WE TH FR SA SU). */
  'UNKNOWN_WEEKDAY',
  /** ReservationInput.repeatWeekdays names a weekday twice. */
  'DUPLICATE_WEEKDAY',
  /**
   * Repeat fields where no weekly pattern is booked: another type than NORMAL (GUEST for administrators),
   * or an operation other than repeatReservation (a single reservation, the waitlist, the draw).
   */
  'REPEAT_NOT_ALLOWED',
  /** ParkingSlotSettings.planX or planY outside 0–100 (percent of the floor plan, PLAN_POSITION_BOUNDS). */
  'PLAN_POSITION_OUT_OF_RANGE',
  /** One of ParkingSlotSettings.planX and planY without the other: a place on the plan needs both. */
  'PLAN_POSITION_INCOMPLETE',
]);
export type RuleCode = z.infer<typeof RuleCode>;

/** How many minutes before its start an accessible slot may be offered to everybody: a day at most. */
export const ACCESSIBLE_SLOT_RELEASE_MINUTES = { min: 0, max: 1440, default: 30 } as const;

/** The shortest reservation, in minutes. */
export const MIN_RESERVATION_MINUTES = 30;
/** How far ahead a non-administrator may reserve NORMAL and GUEST when the configuration says nothing else. */
export const DEFAULT_RESERVATION_HORIZON_DAYS = 14;
/**
 * How many days after its first day a LONG series may end, for everybody. DESIGN §4 gives NORMAL and GUEST the
 * horizon and LONG none, and SPEC §9 shows no booking-length limit, so the series keeps no horizon of its own;
 * but each of its days is expanded, checked and inserted, and an unbounded span let one request (an end date
 * typed a century ahead) block the server for seconds. A year, leap day included, is longer than any series the
 * product is for; a longer stay is a new series.
 */
export const MAX_LONG_SERIES_DAYS = 366;
/** Before this time a non-administrator's QUICK reservation for today starts no earlier than it. */
export const QUICK_NOON = '12:00:00';
