import { utcMs } from './calendar/utc.ts';
import { wallClockAt } from './calendar/wall-clock.ts';
import type { Locale } from './locales.ts';

/*
 * The one way the product writes dates and times, for the web (cards, tables, pickers) and the server (mails):
 *   hu-HU  2026. 11. 23.   2026. 11. 23. (hétfő)   09:00
 *   en-US  23 Nov 2026     Mon, 23 Nov 2026        09:00
 * Times are 24-hour in both languages: a parking window read as "09:00 PM" is a misreading waiting to happen.
 * Wall-clock days (`yyyy-MM-dd`) are formatted in UTC so the browser's or server's own zone never shifts them.
 */

const WALL_DAY = /^(\d{4})-(\d{2})-(\d{2})/;
const WALL_TIME = /^(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

type NameOptions = Pick<Intl.DateTimeFormatOptions, 'month' | 'weekday'>;

const pad = (value: number): string => String(value).padStart(2, '0');

/** A wall-clock day, or a Date read on its local calendar (a picker's carrier), as a UTC midnight. */
function utcDayOf(day: string | Date): Date | null {
  if (day instanceof Date) {
    return Number.isNaN(day.getTime())
      ? null
      : new Date(utcMs(day.getFullYear(), day.getMonth(), day.getDate()));
  }
  const match = WALL_DAY.exec(day);
  return match === null ? null : new Date(utcMs(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/** A month's or weekday's name formatter per locale and form: making one costs far more than formatting. */
const names = new Map<string, Intl.DateTimeFormat>();

function name(locale: Locale, options: NameOptions, day: Date): string {
  const key = `${locale} ${options.month ?? ''} ${options.weekday ?? ''}`;
  let formatter = names.get(key);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    names.set(key, formatter);
  }
  return formatter.format(day);
}

function dayText(day: Date, locale: Locale): string {
  const year = day.getUTCFullYear();
  const month = day.getUTCMonth() + 1;
  const date = day.getUTCDate();
  return locale === 'hu-HU'
    ? `${year}. ${pad(month)}. ${pad(date)}.`
    : `${date} ${name(locale, { month: 'short' }, day)} ${year}`;
}

/** A day without its weekday, as tables and mails show it; '' for what is no day. */
export function formatDay(day: string | Date | null | undefined, locale: Locale): string {
  const utc = day === null || day === undefined ? null : utcDayOf(day);
  return utc === null ? '' : dayText(utc, locale);
}

/** A day with its weekday, as cards show it: `2026. 11. 23. (hétfő)`, `Mon, 23 Nov 2026`. */
export function formatDayWithWeekday(day: string | Date | null | undefined, locale: Locale): string {
  const utc = day === null || day === undefined ? null : utcDayOf(day);
  if (utc === null) {
    return '';
  }
  return locale === 'hu-HU'
    ? `${dayText(utc, locale)} (${name(locale, { weekday: 'long' }, utc)})`
    : `${name(locale, { weekday: 'short' }, utc)}, ${dayText(utc, locale)}`;
}

/** A wall-clock time (`HH:mm:ss` on the wire) as 24-hour `HH:mm`; text that is no time is returned as it is. */
export function formatTime(time: string | null | undefined): string {
  if (time === null || time === undefined) {
    return '';
  }
  const match = WALL_TIME.exec(time);
  return match === null ? time : `${match[1]}:${match[2]}`;
}

/** The wall clock of an instant in a zone (the configured one, not the device's), 24-hour with seconds. */
export const formatClock = (instant: Date, timeZone: string): string => wallClockAt(instant, timeZone).time;

/** An instant as day and 24-hour time on the wall clock of a zone (the device's when none is given). */
export function formatDateTime(instant: Date | null | undefined, locale: Locale, timeZone?: string): string {
  if (instant === null || instant === undefined || Number.isNaN(instant.getTime())) {
    return '';
  }
  const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const wall = wallClockAt(instant, zone);
  return `${formatDay(wall.date, locale)} ${formatTime(wall.time)}`;
}
