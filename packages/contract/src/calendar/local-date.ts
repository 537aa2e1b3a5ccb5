import { isDate } from './formats.ts';
import { utcMs } from './utc.ts';

/**
 * A calendar day as the wire carries it, `yyyy-MM-dd`. Kept as a string and computed on through a day
 * number (days since 1970-01-01), so no local time zone of the machine ever shifts a date.
 */
export type LocalDate = string;

const MS_PER_DAY = 86_400_000;

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

/** Days since 1970-01-01 of a valid `yyyy-MM-dd`; throws on anything else so a bad date never goes unnoticed. */
export const dayNumberOf = (date: LocalDate): number => {
  if (!isDate(date)) {
    throw new RangeError(`Not a yyyy-MM-dd date: ${date}`);
  }
  return (
    utcMs(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / MS_PER_DAY
  );
};

export const localDateOfDayNumber = (dayNumber: number): LocalDate => {
  const day = new Date(dayNumber * MS_PER_DAY);
  return `${pad(day.getUTCFullYear(), 4)}-${pad(day.getUTCMonth() + 1, 2)}-${pad(day.getUTCDate(), 2)}`;
};

export const localDate = (year: number, month: number, day: number): LocalDate =>
  `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;

export const addDays = (date: LocalDate, days: number): LocalDate =>
  localDateOfDayNumber(dayNumberOf(date) + days);

/** ISO day of the week: 1 Monday … 7 Sunday. */
export const isoDayOfWeek = (date: LocalDate): number => {
  const sunday0 = new Date(dayNumberOf(date) * MS_PER_DAY).getUTCDay();
  return sunday0 === 0 ? 7 : sunday0;
};

export const isWeekend = (date: LocalDate): boolean => isoDayOfWeek(date) >= 6;

/** `yyyy-MM-dd` strings order like the days they name. */
export const compareDates = (left: LocalDate, right: LocalDate): number =>
  left < right ? -1 : left > right ? 1 : 0;

/** Every day from `from` to `to`, both included; empty when `to` is before `from`. */
export const datesBetween = (from: LocalDate, to: LocalDate): LocalDate[] => {
  const first = dayNumberOf(from);
  const last = dayNumberOf(to);
  const dates: LocalDate[] = [];
  for (let day = first; day <= last; day++) {
    dates.push(localDateOfDayNumber(day));
  }
  return dates;
};
