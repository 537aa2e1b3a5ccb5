import {
  compareDates,
  type Interval,
  intervalOf,
  isLongSeriesEndInBounds,
  type LocalDate,
  type LocalTime,
  type ReservationType,
  type WorkingCalendar,
  workingDaysBetween,
} from '@parkhere/contract';

/**
 * The dates a request reserves: one date for NORMAL, QUICK and GUEST; for LONG every working day from `date`
 * to `endDate` (for administrators too: a series is the working days, a one-off day is a NORMAL reservation).
 * Empty when a LONG series has no end date, ends before it starts, holds no working day or ends more than
 * MAX_LONG_SERIES_DAYS after it starts (SERIES_TOO_LONG): no caller, rule or free-slot range, ever lists the
 * days of an unbounded span.
 */
export const reservationDays = (
  request: { type: ReservationType; date: LocalDate; endDate?: LocalDate | null },
  calendar: WorkingCalendar,
): LocalDate[] => {
  switch (request.type) {
    case 'NORMAL':
    case 'QUICK':
    case 'GUEST':
      return [request.date];
    case 'LONG':
      if (
        request.endDate == null ||
        compareDates(request.endDate, request.date) < 0 ||
        !isLongSeriesEndInBounds(request.date, request.endDate)
      ) {
        return [];
      }
      return workingDaysBetween(request.date, request.endDate, calendar);
  }
};

export type ReservationSlotTime = Interval & { date: LocalDate };

/** `[start, end)` of each reserved day as instants in the configured zone (DST rule: contract wall-clock.ts). */
export const reservationIntervals = (
  days: readonly LocalDate[],
  startTime: LocalTime,
  endTime: LocalTime,
  timeZone: string,
): ReservationSlotTime[] => days.map((date) => ({ date, ...intervalOf(date, startTime, endTime, timeZone) }));
