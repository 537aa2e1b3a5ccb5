import { BoundedCache } from '../bounded-cache.ts';
import { dayNumberOf, type LocalDate, localDate } from './local-date.ts';
import { type LocalTime, secondsOf } from './local-time.ts';
import { utcMs } from './utc.ts';

/** The time zone of the product when Configuration names none (DESIGN §3). */
export const DEFAULT_TIME_ZONE = 'Europe/Budapest';

/** What a clock on the wall in a time zone shows at an instant. */
export type WallClock = { date: LocalDate; time: LocalTime };

const MS_PER_DAY = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

const formatterOf = (timeZone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    // Throws a RangeError for an unknown zone, which is what a misconfigured time zone deserves.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

type Fields = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const fieldsAt = (instantMs: number, timeZone: string): Fields => {
  const fields: Fields = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatterOf(timeZone).formatToParts(instantMs)) {
    switch (part.type) {
      case 'year':
      case 'month':
      case 'day':
      case 'hour':
      case 'minute':
      case 'second':
        fields[part.type] = Number(part.value);
        break;
      default:
        break;
    }
  }
  return fields;
};

const two = (value: number): string => String(value).padStart(2, '0');

export const wallClockAt = (instant: Date, timeZone: string): WallClock => {
  const instantMs = instant.getTime();
  // The instant shifted by the zone's offset reads, in UTC fields, as the wall clock.
  const local = new Date(instantMs + offsetAt(instantMs, timeZone));
  return {
    date: localDate(local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate()),
    time: `${two(local.getUTCHours())}:${two(local.getUTCMinutes())}:${two(local.getUTCSeconds())}`,
  };
};

const MS_PER_MINUTE = 60_000;
/** Offsets by zone and minute: Intl lookups are the rules' main cost, and requests ask about the same minutes. */
const offsetCache = new BoundedCache<string, number>(50_000);

/**
 * The zone's offset from UTC at an instant, in milliseconds (Budapest: +1 h in winter, +2 h in summer).
 * Looked up per whole minute: since 1970 no zone changes its offset inside a minute.
 */
export const offsetAt = (instantMs: number, timeZone: string): number => {
  const minuteMs = Math.floor(instantMs / MS_PER_MINUTE) * MS_PER_MINUTE;
  const key = `${timeZone}|${minuteMs}`;
  const cached = offsetCache.get(key);
  if (cached !== undefined) {
    return cached;
  }
  const fields = fieldsAt(minuteMs, timeZone);
  return offsetCache.set(
    key,
    utcMs(fields.year, fields.month - 1, fields.day, fields.hour, fields.minute, fields.second) - minuteMs,
  );
};

/** The wall-clock value read as if it were UTC: the starting point for finding the real instant. */
const localMsOf = (date: LocalDate, time: LocalTime): number =>
  dayNumberOf(date) * MS_PER_DAY + secondsOf(time) * 1000;

/**
 * The instant a wall clock in `timeZone` shows `date` `time`.
 *
 * DST rule, the one PostgreSQL applies to `timestamp AT TIME ZONE` (so the app's instants and the database's
 * `wall_clock_range` agree; the server's wall-clock.int.test.ts checks it):
 * - a time inside the spring gap (Budapest, last Sunday of March, 02:00–02:59) does not exist and is read
 *   with the offset before the change, i.e. moved forward by the gap: 02:30 becomes 03:30 summer time;
 * - a time inside the autumn overlap (last Sunday of October, 02:00–02:59 happens twice) is read with the
 *   offset after the change: its second occurrence, in winter time.
 */
export const instantOf = (date: LocalDate, time: LocalTime, timeZone: string): Date => {
  const localMs = localMsOf(date, time);
  // A day on either side brackets any transition of a real zone, so these are the two offsets in play.
  const offsetBefore = offsetAt(localMs - MS_PER_DAY, timeZone);
  const offsetAfter = offsetAt(localMs + MS_PER_DAY, timeZone);
  if (offsetBefore === offsetAfter) {
    // No change of offset within a day either side: the common case, and one lookup fewer per call.
    return new Date(localMs - offsetBefore);
  }
  const candidates = [localMs - offsetBefore, localMs - offsetAfter].filter(
    (candidate) => candidate + offsetAt(candidate, timeZone) === localMs,
  );
  if (candidates.length === 0) {
    // Spring gap: the offset before the transition lands past the gap by exactly its length.
    return new Date(localMs - offsetBefore);
  }
  return new Date(Math.max(...candidates));
};

/** `[start, end)` of one wall-clock interval on one date, as instants. */
export type Interval = { start: Date; end: Date };

export const intervalOf = (
  date: LocalDate,
  startTime: LocalTime,
  endTime: LocalTime,
  timeZone: string,
): Interval => ({
  start: instantOf(date, startTime, timeZone),
  end: instantOf(date, endTime, timeZone),
});

/** Half-open intervals: one ending exactly when the other starts does not overlap it. */
export const intervalsOverlap = (left: Interval, right: Interval): boolean =>
  left.start.getTime() < right.end.getTime() && right.start.getTime() < left.end.getTime();
