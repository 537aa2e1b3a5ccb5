import { addDays, compareDates, isoDayOfWeek, type LocalDate } from '../calendar/local-date.ts';

/*
 * Weekly patterns (issue 32 item 2): ReservationInput.repeatWeekdays (`TU,TH`) and repeatUntil, the last date
 * the pattern may book (included). Shared by the server, which books each matching day on its own, and the
 * form, which offers the weekdays and shows what the server booked and skipped.
 */

/** The weekday codes of repeatWeekdays, Monday first (ISO day 1–7). */
export const WEEKDAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type WeekdayCode = (typeof WEEKDAY_CODES)[number];

/** What is wrong with a repeatWeekdays text: nothing named, a code not among WEEKDAY_CODES, one named twice. */
export type WeekdaysIssue = 'MISSING_REQUIRED_ATTRIBUTE' | 'UNKNOWN_WEEKDAY' | 'DUPLICATE_WEEKDAY';

/** `TU,TH` (blanks around the codes allowed, any case) as its weekdays in the order named, or what is wrong. */
export function parseRepeatWeekdays(text: string | null | undefined): WeekdayCode[] | WeekdaysIssue {
  const codes = (text ?? '')
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter((code) => code !== '');
  if (codes.length === 0) {
    return 'MISSING_REQUIRED_ATTRIBUTE';
  }
  if (!codes.every((code): code is WeekdayCode => (WEEKDAY_CODES as readonly string[]).includes(code))) {
    return 'UNKNOWN_WEEKDAY';
  }
  return new Set(codes).size === codes.length ? codes : 'DUPLICATE_WEEKDAY';
}

/** The weekday code of a date. */
export const weekdayCodeOf = (date: LocalDate): WeekdayCode => WEEKDAY_CODES[isoDayOfWeek(date) - 1] ?? 'MO';

/**
 * Every date from `from` to `until` (both included) on one of `weekdays`, working day or not: the caller
 * judges each. Empty when `until` is before `from`; callers bound the span before listing it.
 */
export function patternDates(
  from: LocalDate,
  until: LocalDate,
  weekdays: readonly WeekdayCode[],
): LocalDate[] {
  const dates: LocalDate[] = [];
  for (let date = from; compareDates(date, until) <= 0; date = addDays(date, 1)) {
    if (weekdays.includes(weekdayCodeOf(date))) {
      dates.push(date);
    }
  }
  return dates;
}
