import { addDays, type LocalDate, localDate } from './local-date.ts';

export type PublicHoliday = { date: LocalDate; name: HungarianHolidayName };

export type HungarianHolidayName =
  | 'NEW_YEAR'
  | 'NATIONAL_DAY_MARCH'
  | 'GOOD_FRIDAY'
  | 'EASTER_MONDAY'
  | 'LABOUR_DAY'
  | 'WHIT_MONDAY'
  | 'STATE_FOUNDATION_DAY'
  | 'NATIONAL_DAY_OCTOBER'
  | 'ALL_SAINTS_DAY'
  | 'CHRISTMAS_EVE'
  | 'CHRISTMAS_DAY'
  | 'SECOND_DAY_OF_CHRISTMAS';

/** Christmas Eve became a public holiday in Hungary in 2025. */
const CHRISTMAS_EVE_FROM = 2025;

/** Easter Sunday of a Gregorian year: the anonymous Gregorian algorithm (Meeus/Jones/Butcher). */
export const easterSunday = (year: number): LocalDate => {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return localDate(year, month, day);
};

/**
 * The statutory public holidays of a year, in date order. The yearly bridging-day swaps are decrees, not rules,
 * so they come in as additional days (see working-days.ts).
 */
export const hungarianPublicHolidays = (year: number): PublicHoliday[] => {
  const easter = easterSunday(year);
  const holidays: PublicHoliday[] = [
    { date: localDate(year, 1, 1), name: 'NEW_YEAR' },
    { date: localDate(year, 3, 15), name: 'NATIONAL_DAY_MARCH' },
    { date: addDays(easter, -2), name: 'GOOD_FRIDAY' },
    { date: addDays(easter, 1), name: 'EASTER_MONDAY' },
    { date: localDate(year, 5, 1), name: 'LABOUR_DAY' },
    { date: addDays(easter, 50), name: 'WHIT_MONDAY' },
    { date: localDate(year, 8, 20), name: 'STATE_FOUNDATION_DAY' },
    { date: localDate(year, 10, 23), name: 'NATIONAL_DAY_OCTOBER' },
    { date: localDate(year, 11, 1), name: 'ALL_SAINTS_DAY' },
    ...(year >= CHRISTMAS_EVE_FROM
      ? [{ date: localDate(year, 12, 24), name: 'CHRISTMAS_EVE' as const }]
      : []),
    { date: localDate(year, 12, 25), name: 'CHRISTMAS_DAY' },
    { date: localDate(year, 12, 26), name: 'SECOND_DAY_OF_CHRISTMAS' },
  ];
  return holidays.sort((left, right) => (left.date < right.date ? -1 : 1));
};

const byYear = new Map<number, ReadonlySet<LocalDate>>();

export const isHungarianPublicHoliday = (date: LocalDate): boolean => {
  const year = Number(date.slice(0, 4));
  let dates = byYear.get(year);
  if (dates === undefined) {
    dates = new Set(hungarianPublicHolidays(year).map((holiday) => holiday.date));
    byYear.set(year, dates);
  }
  return dates.has(date);
};
