import { addDays, compareDates, dayNumberOf, type LocalDate } from '../calendar/local-date.ts';
import {
  compareTimes,
  floorToMinute,
  type LocalTime,
  minutesOf,
  timeOfMinutes,
} from '../calendar/local-time.ts';
import type { WallClock } from '../calendar/wall-clock.ts';
import type { ReservationType } from '../model/enumerations.ts';
import { DEFAULT_RESERVATION_HORIZON_DAYS, MAX_LONG_SERIES_DAYS, QUICK_NOON } from '../model/rule-codes.ts';

/**
 * The reservation form's rules (SPEC §4 'Reservation form', §5). The server checks the same bounds through
 * these functions, so what the form offers is exactly what the server accepts.
 */

/** The order in which the form offers the types (SPEC §4: long, normal, quick, guest). */
export const RESERVATION_TYPE_PREFERENCE: readonly ReservationType[] = ['LONG', 'NORMAL', 'QUICK', 'GUEST'];

/** The reservation types administrators grant a user, one flag each, in the order screens show them. */
export const RESERVATION_TYPE_FLAGS = [
  'isNormalReservation',
  'isQuickReservation',
  'isGuestReservation',
  'isLongReservation',
] as const;

export type ReservationTypeFlags = Record<
  (typeof RESERVATION_TYPE_FLAGS)[number],
  boolean | null | undefined
>;

export const isTypeAllowedByFlags = (type: ReservationType, flags: ReservationTypeFlags): boolean => {
  switch (type) {
    case 'NORMAL':
      return flags.isNormalReservation === true;
    case 'QUICK':
      return flags.isQuickReservation === true;
    case 'GUEST':
      return flags.isGuestReservation === true;
    case 'LONG':
      return flags.isLongReservation === true;
  }
};

/** The types the user's flags allow, in the form's preference order. */
export const allowedReservationTypes = (flags: ReservationTypeFlags): ReservationType[] =>
  RESERVATION_TYPE_PREFERENCE.filter((type) => isTypeAllowedByFlags(type, flags));

/**
 * The type the form selects for a user: NORMAL where it is allowed (issue 31: a day's booking is what a person
 * makes every morning, and a preselected LONG asked for an end date they never wanted), else the first allowed
 * in SPEC §4's order (LONG, QUICK, GUEST). The options keep SPEC's order; only the preselection differs.
 */
export const firstAllowedReservationType = (flags: ReservationTypeFlags): ReservationType | null =>
  isTypeAllowedByFlags('NORMAL', flags) ? 'NORMAL' : (allowedReservationTypes(flags)[0] ?? null);

export const isReservationTypePickerHidden = (flags: ReservationTypeFlags): boolean =>
  allowedReservationTypes(flags).length <= 1;

export type FieldVisibility = { guestFields: boolean; endDate: boolean; reminder: boolean };

/** GUEST shows the guest fields, LONG the end date; the reminder only with notifications and never for LONG. */
export const reservationFieldVisibility = (
  type: ReservationType | null,
  sendNotification: boolean | null | undefined,
): FieldVisibility => ({
  guestFields: type === 'GUEST',
  endDate: type === 'LONG',
  reminder: type !== 'LONG' && sendNotification !== false,
});

export type CarChoice = { isFavorite?: boolean | null; isArchived?: boolean | null };

/** The favourite car, else the only non-archived car, else none. */
export const defaultCar = <T extends CarChoice>(cars: readonly T[]): T | null => {
  const offered = cars.filter((car) => car.isArchived !== true);
  const favourite = offered.find((car) => car.isFavorite === true);
  if (favourite !== undefined) {
    return favourite;
  }
  return offered.length === 1 ? (offered[0] ?? null) : null;
};

/** The preferred slot only while the offered slots still contain it by its aggregaredName. */
export const preferredSlotIfOffered = <T extends { aggregaredName?: string | null }>(
  preferred: { aggregaredName?: string | null } | null | undefined,
  offered: readonly T[],
): T | null => {
  if (preferred?.aggregaredName == null) {
    return null;
  }
  return offered.find((slot) => slot.aggregaredName === preferred.aggregaredName) ?? null;
};

/** How many minutes after the current minute a start time defaults to on today's date. */
export const DEFAULT_START_LEAD_MINUTES = 3;
/** The fallback length of a reservation that starts after working hours. */
export const FALLBACK_DURATION_MINUTES = 180;

/**
 * Today: now floored to the minute plus 3 minutes; another day: the start of the user's working time.
 * Late in the evening the result is clamped to 23:59 rather than rolling into tomorrow.
 */
export const defaultStartTime = (
  date: LocalDate,
  now: WallClock,
  startOfWorkingTime: LocalTime,
): LocalTime => {
  if (date !== now.date) {
    return floorToMinute(startOfWorkingTime);
  }
  return timeOfMinutes(minutesOf(now.time) + DEFAULT_START_LEAD_MINUTES);
};

/**
 * The end of the user's working time; when the start is at or beyond it (so that end would not be after
 * the start), the start's hour plus 3 hours, clamped to 23:59.
 */
export const defaultEndTime = (startTime: LocalTime, endOfWorkingTime: LocalTime): LocalTime => {
  if (compareTimes(startTime, endOfWorkingTime) < 0) {
    return floorToMinute(endOfWorkingTime);
  }
  const startHour = Math.floor(minutesOf(startTime) / 60) * 60;
  return timeOfMinutes(startHour + FALLBACK_DURATION_MINUTES);
};

/**
 * The default start the rules allow: `defaultStartTime`, but never before the earliest start of the day, so a
 * non-administrator's QUICK form opened before noon starts at 12:00 (now + 3 minutes could never be submitted).
 */
export const allowedDefaultStartTime = (
  date: LocalDate,
  now: WallClock,
  startOfWorkingTime: LocalTime,
  bounds: { type: ReservationType | null; isAdmin: boolean },
): LocalTime => {
  const start = defaultStartTime(date, now, startOfWorkingTime);
  const earliest = minReservationTime(date, { ...bounds, now });
  return earliest !== null && compareTimes(start, earliest) < 0 ? earliest : start;
};

export type BoundsInput = {
  type: ReservationType | null;
  /** Whether the person filling in the form is an administrator (not the user reserved for). */
  isAdmin: boolean;
  now: WallClock;
  /** How many days ahead a non-administrator may reserve NORMAL and GUEST. */
  horizonDays?: number;
};

export type DateBounds = { min: LocalDate; max: LocalDate | null; endDateMin: LocalDate };

/**
 * The date may not be in the past. A non-administrator's QUICK goes at most to tomorrow, NORMAL and GUEST
 * at most `horizonDays` ahead; LONG and administrators have no maximum.
 */
export const reservationDateBounds = ({ type, isAdmin, now, horizonDays }: BoundsInput): DateBounds => {
  const today = now.date;
  return { min: today, max: maxReservationDate(type, isAdmin, today, horizonDays), endDateMin: today };
};

const maxReservationDate = (
  type: ReservationType | null,
  isAdmin: boolean,
  today: LocalDate,
  horizonDays: number = DEFAULT_RESERVATION_HORIZON_DAYS,
): LocalDate | null => {
  if (isAdmin || type === null) {
    return null;
  }
  switch (type) {
    case 'QUICK':
      return addDays(today, 1);
    case 'NORMAL':
    case 'GUEST':
      return addDays(today, horizonDays);
    case 'LONG':
      return null;
  }
};

/**
 * The earliest start and end time on `date`: none on another day; today the current minute, except that a
 * non-administrator's QUICK reservation made before 12:00 starts no earlier than 12:00.
 */
export const minReservationTime = (
  date: LocalDate,
  { type, isAdmin, now }: BoundsInput,
): LocalTime | null => {
  if (date !== now.date) {
    return null;
  }
  const currentMinute = floorToMinute(now.time);
  if (!isAdmin && type === 'QUICK' && compareTimes(currentMinute, QUICK_NOON) < 0) {
    return QUICK_NOON;
  }
  return currentMinute;
};

/**
 * The `{num}` of the half-hour warning: the minutes left until the next half hour, shown when the date is
 * today, the start is in the current hour and the type is not LONG; null when no warning is due.
 */
export const halfHourWarningMinutes = (
  date: LocalDate,
  startTime: LocalTime | null,
  type: ReservationType | null,
  now: WallClock,
): number | null => {
  if (startTime === null || type === 'LONG' || date !== now.date) {
    return null;
  }
  const currentMinutes = minutesOf(now.time);
  if (Math.floor(minutesOf(startTime) / 60) !== Math.floor(currentMinutes / 60)) {
    return null;
  }
  const minute = currentMinutes % 60;
  return minute < 30 ? 30 - minute : 60 - minute;
};

/** For LONG an end date before the date is moved to the date; other types keep what they have. */
export const correctedEndDate = (
  type: ReservationType | null,
  date: LocalDate | null,
  endDate: LocalDate | null,
): LocalDate | null => {
  if (type !== 'LONG' || date === null) {
    return endDate;
  }
  if (endDate === null || compareDates(endDate, date) < 0) {
    return date;
  }
  return endDate;
};

/**
 * The day a LONG series' length is measured from: its date, or today when that date is already past (it is
 * refused at `date` itself), so an end date is refused only when no date the series may start on reaches it.
 */
export const longSeriesMeasuredFrom = (date: LocalDate, today: LocalDate): LocalDate =>
  compareDates(date, today) < 0 ? today : date;

/** The last end date of a LONG series that starts on `date` (MAX_LONG_SERIES_DAYS after it). */
export const longSeriesEndDateMax = (date: LocalDate): LocalDate => addDays(date, MAX_LONG_SERIES_DAYS);

/**
 * Whether a LONG series from `date` ends by `longSeriesEndDateMax(date)`; an end before the date is another
 * rule's. Measured in day numbers, which order correctly where `yyyy-MM-dd` strings stop doing so (year 10000).
 */
export const isLongSeriesEndInBounds = (date: LocalDate, endDate: LocalDate): boolean =>
  dayNumberOf(endDate) - dayNumberOf(date) <= MAX_LONG_SERIES_DAYS;

export const isNextToWallWarningShown = (slot: { nextToWall?: boolean | null } | null | undefined): boolean =>
  slot?.nextToWall === true;
