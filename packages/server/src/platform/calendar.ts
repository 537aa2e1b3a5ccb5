/**
 * The server's calendar: working days (Hungarian public holidays plus the configuration's additional days) and
 * wall-clock values in the configured time zone. The pure parts live in the contract (`rules/`) so the web
 * form disables exactly the days the server refuses; this module adds the clock the server injects.
 */
import { addDays, type Interval, instantOf, type LocalDate, wallClockAt } from '@parkhere/contract';

export {
  type DayOverride,
  DEFAULT_TIME_ZONE,
  easterSunday,
  firstWorkingDayFrom,
  hungarianPublicHolidays,
  type Interval,
  instantOf,
  intervalOf,
  intervalsOverlap,
  isWorkingDay,
  type LocalDate,
  type LocalTime,
  nextWorkingDay,
  type WallClock,
  type WorkingCalendar,
  wallClockAt,
  workingCalendar,
  workingDaysBetween,
} from '@parkhere/contract';

/** Where the rules read the time from; tests pass a fixed one. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** Shows `start` at the real moment `since` and runs on with the real time from there. */
export const runningClock = (start: Date, since: Date = new Date()): Clock => {
  const offset = start.getTime() - since.getTime();
  return () => new Date(Date.now() + offset);
};

export const todayIn = (now: Date, timeZone: string): LocalDate => wallClockAt(now, timeZone).date;

/** The whole days from `from` to `to` as one half-open interval of instants: midnight to the midnight after. */
export const daysInterval = (from: LocalDate, to: LocalDate, timeZone: string): Interval => ({
  start: instantOf(from, '00:00:00', timeZone),
  end: instantOf(addDays(to, 1), '00:00:00', timeZone),
});
