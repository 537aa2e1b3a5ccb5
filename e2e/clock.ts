import {
  addDays,
  DEFAULT_TIME_ZONE,
  formatDay,
  formatDayWithWeekday,
  isWorkingDay,
  type LocalDate,
  nextWorkingDay,
  wallClockAt,
  workingCalendar,
} from '@parkhere/contract';

/* The app's clock and days as the specs name them. */

/** The app's time now: the instant playwright.config.ts pinned, run on with the real time since. */
export function appNow(): Date {
  const pinned = Date.parse(process.env.E2E_CLOCK ?? '');
  const since = Date.parse(process.env.E2E_CLOCK_SINCE ?? '');
  if (Number.isNaN(pinned) || Number.isNaN(since)) {
    throw new Error('E2E_CLOCK and E2E_CLOCK_SINCE come from playwright.config.ts');
  }
  return new Date(pinned + Date.now() - since);
}

/** A day as cards write it in the specs' language (`Mon, 23 Nov 2026`), by the app's own date format. */
export const cardDay = (day: LocalDate): string => formatDayWithWeekday(day, 'en-US');
/** A day as tables write it in the specs' language (`23 Nov 2026`). */
export const tableDay = (day: LocalDate): string => formatDay(day, 'en-US');

/** Today on the app's clock, in the app's time zone. */
export const appToday = (): LocalDate => wallClockAt(appNow(), DEFAULT_TIME_ZONE).date;

/** The working day `skip` working days after the next one (Hungarian calendar, without additional days). */
export const workingDayAfterToday = (skip = 0): LocalDate => {
  const calendar = workingCalendar();
  let day = nextWorkingDay(appToday(), calendar) ?? addDays(appToday(), 1);
  for (let index = 0; index < skip; index += 1) {
    day = nextWorkingDay(day, calendar) ?? addDays(day, 1);
  }
  return day;
};

/** `count` working days (Hungarian public holidays and weekends off) from `skip` days after the app's today. */
export function workingDaysFrom(skip: number, count: number): LocalDate[] {
  const days: LocalDate[] = [];
  for (let day = addDays(appToday(), skip); days.length < count; day = addDays(day, 1)) {
    if (isWorkingDay(day)) {
      days.push(day);
    }
  }
  return days;
}
