import { isHungarianPublicHoliday } from './hungarian-holidays.ts';
import { addDays, datesBetween, isWeekend, type LocalDate } from './local-date.ts';

/**
 * What the calendar needs of an AdditionalDay of the configuration: a bridging Saturday to work (WORK) or a
 * day off (HOLIDAY). The AdditionalDay transfer object fits it.
 */
/** The model's TypeOfDay values (model/enumerations.ts checks they stay these two). */
export type DayType = 'WORK' | 'HOLIDAY';

export type DayOverride = { day: LocalDate; typeOfDay: DayType };

/** What the rules need of the calendar; injected so tests and callers decide which days count. */
export type WorkingCalendar = { isWorkingDay: (date: LocalDate) => boolean };

/** A search for the next working day gives up after this many days, so a calendar of only holidays cannot hang. */
const SEARCH_LIMIT_DAYS = 366;

/**
 * Monday–Friday minus Hungarian public holidays, with the additional days overriding both: WORK makes any day a
 * working day, HOLIDAY makes any day a day off.
 */
export const isWorkingDay = (date: LocalDate, additionalDays: readonly DayOverride[] = []): boolean =>
  workingCalendar(additionalDays).isWorkingDay(date);

export const workingCalendar = (additionalDays: readonly DayOverride[] = []): WorkingCalendar => {
  const overrides = new Map(additionalDays.map((day) => [day.day, day.typeOfDay]));
  return {
    isWorkingDay: (date) => {
      const override = overrides.get(date);
      if (override !== undefined) {
        return override === 'WORK';
      }
      return !isWeekend(date) && !isHungarianPublicHoliday(date);
    },
  };
};

/**
 * An additional day must change what its day is: WORK on a weekend or public holiday, HOLIDAY on a weekday
 * that is not one. Anything else is a no-op entry that only misleads whoever reads the list.
 */
export const changesTheDay = ({ day, typeOfDay }: DayOverride): boolean =>
  isWorkingDay(day) === (typeOfDay === 'HOLIDAY');

/** What `formatDayOverrides` writes for up to 200 days (`2026-01-02 HOLIDAY,` is 19 characters a day). */
export const ADDITIONAL_DAYS_MAX_LENGTH = 200 * 19;

/**
 * Additional days as one text, `2026-01-02 HOLIDAY,2026-01-10 WORK`: how a form whose user may not read the
 * configuration learns them (ReservationInput.additionalDays).
 */
export const formatDayOverrides = (days: readonly DayOverride[]): string =>
  days.map(({ day, typeOfDay }) => `${day} ${typeOfDay}`).join(',');

/** The days of `formatDayOverrides`' text; an entry it cannot read is left out. */
export const parseDayOverrides = (text: string | null | undefined): DayOverride[] =>
  (text ?? '').split(',').flatMap((entry) => {
    const [day, typeOfDay] = entry.trim().split(' ');
    return day !== undefined &&
      /^\d{4}-\d{2}-\d{2}$/.test(day) &&
      (typeOfDay === 'WORK' || typeOfDay === 'HOLIDAY')
      ? [{ day, typeOfDay }]
      : [];
  });

/** The working days from `from` to `to`, both included. */
export const workingDaysBetween = (from: LocalDate, to: LocalDate, calendar: WorkingCalendar): LocalDate[] =>
  datesBetween(from, to).filter(calendar.isWorkingDay);

/** The first working day strictly after `date`, or null when none comes within a year. */
export const nextWorkingDay = (date: LocalDate, calendar: WorkingCalendar): LocalDate | null =>
  firstWorkingDayFrom(addDays(date, 1), calendar);

/** `date` itself when it is a working day, else the next one; null when none comes within a year. */
export const firstWorkingDayFrom = (date: LocalDate, calendar: WorkingCalendar): LocalDate | null => {
  for (let offset = 0; offset <= SEARCH_LIMIT_DAYS; offset++) {
    const candidate = addDays(date, offset);
    if (calendar.isWorkingDay(candidate)) {
      return candidate;
    }
  }
  return null;
};

/**
 * The working day `count` working days before `date` (`date` itself for 0): Wednesday's second is Monday,
 * Monday's first the Friday before. Gives up after a year of days off, answering the day it reached.
 */
export const workingDaysBefore = (date: LocalDate, count: number, calendar: WorkingCalendar): LocalDate => {
  let day = date;
  for (let left = count, searched = 0; left > 0 && searched <= SEARCH_LIMIT_DAYS; searched++) {
    day = addDays(day, -1);
    if (calendar.isWorkingDay(day)) {
      left--;
    }
  }
  return day;
};
