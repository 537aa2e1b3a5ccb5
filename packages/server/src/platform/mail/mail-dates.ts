import { formatDayWithWeekday, formatTime, type Locale } from '@parkhere/contract';

const WALL_DAY = /^\d{4}-\d{2}-\d{2}$/;
const WALL_TIME = /^\d{2}:\d{2}:\d{2}$/;

/**
 * A mail's values with every wall-clock day and time written as the web writes them in the recipient's
 * language (`2026. 12. 02. (szerda)`, `Wed, 2 Dec 2026`, `09:00`): a mail reads like the card it is about.
 * Only exact `yyyy-MM-dd` and `HH:mm:ss` strings change, so names, plates and links stay as they are.
 */
export function localizedValues<T>(value: T, locale: Locale): T {
  if (typeof value === 'string') {
    if (WALL_DAY.test(value)) {
      return formatDayWithWeekday(value, locale) as T;
    }
    return (WALL_TIME.test(value) ? formatTime(value) : value) as T;
  }
  if (Array.isArray(value)) {
    return value.map((item) => localizedValues(item, locale)) as T;
  }
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, localizedValues(item, locale)]),
    ) as T;
  }
  return value;
}
