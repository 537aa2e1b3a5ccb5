/**
 * Wire formats of SPEC §3: dates yyyy-MM-dd, times HH:mm:ss with optional milliseconds, ISO timestamps. A time
 * of day is whole seconds (the database and the rules keep nothing finer): `09:00:00.000` is read, but
 * `09:00:00.500` is refused rather than kept as a moment no form shows.
 */

import { utcMs } from './utc.ts';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d):([0-5]\d)(\.0{1,3})?$/;
const TIMESTAMP =
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** A real calendar day between years 1 and 9999 (so 2025-02-30 is refused, not rolled over). */
/** The formats as regular-expression sources, for schemas other programs read (the OpenAPI description). */
export const WIRE_PATTERNS = { date: DATE.source, time: TIME.source, timestamp: TIMESTAMP.source } as const;

export const isDate = (value: string): boolean => {
  const match = DATE.exec(value);
  if (match === null) {
    return false;
  }
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) {
    return false;
  }
  const daysInMonth = new Date(utcMs(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
};

export const isTime = (value: string): boolean => TIME.test(value);

export const isTimestamp = (value: string): boolean => {
  const match = TIMESTAMP.exec(value);
  return match !== null && isDate(match[1] ?? '') && !Number.isNaN(Date.parse(value));
};

export const INT32_MIN = -2147483648;
export const INT32_MAX = 2147483647;
