import {
  compareDates,
  compareTimes,
  intervalOf,
  isLongSeriesEndInBounds,
  type LocalDate,
  type LocalTime,
  longSeriesEndDateMax,
  longSeriesMeasuredFrom,
  MIN_RESERVATION_MINUTES,
  minReservationTime,
  QUICK_NOON,
  type ReservationType,
  reservationDateBounds,
  wallClockAt,
  workingDaysBetween,
} from '@parkhere/contract';
import { invalid, type Violation } from '../../../platform/violation.ts';
import type { RuleContext } from './facts.ts';

const MS_PER_MINUTE = 60_000;

/**
 * The date bounds of SPEC §5 and DESIGN §4 (the form uses the same contract functions): not in the past;
 * for non-administrators QUICK at most tomorrow, NORMAL and GUEST at most the horizon ahead, and a working
 * day for the one-date types. A LONG series checks its end date and needs at least one working day.
 * Nothing here expands a span beyond MAX_LONG_SERIES_DAYS: the days of a series are listed only after its
 * end was found within the bound.
 */
export const checkReservationDate = (
  request: { type: ReservationType; date: LocalDate; endDate?: LocalDate | null },
  context: RuleContext,
): Violation[] => {
  const now = wallClockAt(context.now, context.timeZone);
  const isAdmin = context.actor.isAdministrator;
  const bounds = reservationDateBounds({
    type: request.type,
    isAdmin,
    now,
    horizonDays: context.horizonDays,
  });
  const violations: Violation[] = [];
  if (compareDates(request.date, bounds.min) < 0) {
    violations.push(invalid('date', 'DATE_IN_THE_PAST', { min: bounds.min }));
  } else if (bounds.max !== null && compareDates(request.date, bounds.max) > 0) {
    violations.push(invalid('date', 'DATE_TOO_FAR_AHEAD', { max: bounds.max }));
  }
  if (request.type === 'LONG') {
    return [...violations, ...checkSeriesEnd(request.date, request.endDate ?? null, bounds.min, context)];
  }
  // One message per field: a date out of bounds is not also reported as a day off.
  if (violations.length === 0 && !isAdmin && !context.calendar.isWorkingDay(request.date)) {
    violations.push(invalid('date', 'NOT_A_WORKING_DAY'));
  }
  return violations;
};

/**
 * The end of a series, measured from its first day that may still be reserved: a date in the past is refused
 * at `date`, and measuring from it would make a century-old date a century-long series (expanded day by day
 * before the refusal, as it once was: a second of blocked server per request). An end no valid date could
 * reach within MAX_LONG_SERIES_DAYS is SERIES_TOO_LONG at `endDate`, checked before any day is listed.
 */
const checkSeriesEnd = (
  date: LocalDate,
  endDate: LocalDate | null,
  today: LocalDate,
  context: RuleContext,
): Violation[] => {
  if (endDate === null) {
    return [invalid('endDate', 'MISSING_REQUIRED_ATTRIBUTE')];
  }
  if (compareDates(endDate, date) < 0) {
    return [invalid('endDate', 'END_DATE_BEFORE_DATE', { min: date })];
  }
  const first = longSeriesMeasuredFrom(date, today);
  if (compareDates(endDate, first) < 0) {
    // The whole series is in the past: the date's own item says so.
    return [];
  }
  if (!isLongSeriesEndInBounds(first, endDate)) {
    return [invalid('endDate', 'SERIES_TOO_LONG', { max: longSeriesEndDateMax(first) })];
  }
  if (workingDaysBetween(first, endDate, context.calendar).length > 0) {
    return [];
  }
  return [invalid('endDate', 'NO_WORKING_DAY_IN_RANGE')];
};

/**
 * The time bounds on `date` (the first day of a series): today not before the current minute, and a
 * non-administrator's QUICK made before 12:00 not before 12:00; the end after the start and at least
 * 30 minutes later in real time, so a reservation across the spring gap must last 30 real minutes.
 */
export const checkReservationTimes = (
  request: { type: ReservationType; date: LocalDate; startTime: LocalTime; endTime: LocalTime },
  context: RuleContext,
  /** The days whose real duration counts (a LONG series: each of its days, as DST may shorten one). */
  days: readonly LocalDate[] = [request.date],
): Violation[] => {
  const now = wallClockAt(context.now, context.timeZone);
  const violations: Violation[] = [];
  const min = minReservationTime(request.date, {
    type: request.type,
    isAdmin: context.actor.isAdministrator,
    now,
  });
  if (min !== null && compareTimes(request.startTime, min) < 0) {
    const isNoonRule = min === QUICK_NOON && compareTimes(now.time, QUICK_NOON) < 0;
    violations.push(invalid('startTime', isNoonRule ? 'BEFORE_NOON' : 'TIME_IN_THE_PAST', { min }));
  }
  const durations = [request.date, ...days].map((day) =>
    checkDuration(day, request.startTime, request.endTime, context.timeZone),
  );
  return [...violations, ...(durations.find((found) => found.length > 0) ?? [])];
};

/** End after start on the wall clock, and at least MIN_RESERVATION_MINUTES between the two instants. */
export const checkDuration = (
  date: LocalDate,
  startTime: LocalTime,
  endTime: LocalTime,
  timeZone: string,
): Violation[] => {
  if (compareTimes(endTime, startTime) <= 0) {
    return [invalid('endTime', 'END_NOT_AFTER_START')];
  }
  const interval = intervalOf(date, startTime, endTime, timeZone);
  if (interval.end.getTime() - interval.start.getTime() < MIN_RESERVATION_MINUTES * MS_PER_MINUTE) {
    return [invalid('endTime', 'SHORTER_THAN_MINIMUM', { minMinutes: MIN_RESERVATION_MINUTES })];
  }
  return [];
};
