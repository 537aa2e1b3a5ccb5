import {
  dayNumberOf,
  hungarianPublicHolidays,
  isDate,
  isTimestamp,
  REPORT_MAX_DAYS,
  type ValidationErrorItem,
} from '@parkhere/contract';
import { BusinessError, ValidationError } from '../../platform/errors.ts';

/*
 * The report's query string, checked before anything is read: a client's mistake is a 400 naming the
 * parameter, a period longer than REPORT_MAX_DAYS a 422.
 */

type Query = Record<string, unknown>;
type Check = (value: string) => boolean;

const refusal = (code: string, location: string): ValidationErrorItem => ({ code, level: 'ERROR', location });

/** The problem with the parameter `name` of `query` (missing, repeated or not `valid`), if any. */
function problemOf(query: Query, name: string, valid: Check): ValidationErrorItem | undefined {
  const value = query[name];
  if (value === undefined || value === '') {
    return refusal('MISSING_REQUIRED_ATTRIBUTE', name);
  }
  return typeof value === 'string' && valid(value) ? undefined : refusal('CONVERSION_FAILED', name);
}

/** The parameters `checks` names, each checked; every problem at once as a 400. */
export function parametersOf<const Name extends string>(
  query: unknown,
  checks: Record<Name, Check>,
): Record<Name, string> {
  const given = (typeof query === 'object' && query !== null ? query : {}) as Query;
  const names = Object.keys(checks) as Name[];
  const problems = names.flatMap((name) => problemOf(given, name, checks[name]) ?? []);
  if (problems.length > 0) {
    throw new ValidationError(problems);
  }
  return Object.fromEntries(names.map((name) => [name, given[name]])) as Record<Name, string>;
}

export const dateParameter: Check = isDate;
export const timestampParameter: Check = isTimestamp;

/** `from` and `to` (both counted) as a report's period: `to` before `from` is a 400, too long a period a 422. */
export function periodOf(from: string, to: string): { from: string; to: string; publicHolidays: string[] } {
  const days = dayNumberOf(to) - dayNumberOf(from) + 1;
  if (days < 1) {
    throw new ValidationError([refusal('NOT_ACCEPTED_BY_RANGE', 'to')]);
  }
  if (days > REPORT_MAX_DAYS) {
    throw new BusinessError('PERIOD_TOO_LONG', `A report covers at most ${REPORT_MAX_DAYS} days`, {
      maxDays: REPORT_MAX_DAYS,
    });
  }
  const years = [Number(from.slice(0, 4)), Number(to.slice(0, 4))];
  const publicHolidays = [...new Set(years)]
    .flatMap((year) => hungarianPublicHolidays(year))
    .map((holiday) => holiday.date)
    .filter((date) => date >= from && date <= to);
  return { from, to, publicHolidays };
}
