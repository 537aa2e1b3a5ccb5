import {
  AVAILABILITY_MAX_DAYS,
  AVAILABILITY_PATH,
  type Availability,
  AvailabilitySchema,
  dayNumberOf,
  errorRefs,
  isTime,
  jsonAnswer,
  jsonSchemaOf,
  type LocalTime,
  type OperationObject,
  type Parameter,
  type ValidationErrorItem,
} from '@parkhere/contract';
import type { FastifyInstance } from 'fastify';
import { scopeOf } from '../../engine/access.ts';
import { ValidationError } from '../../platform/errors.ts';
import { dateParameter, parametersOf } from '../reports/index.ts';
import { availabilityOf } from './availability-query.ts';

/*
 * `GET /api/availability?from=&to=&startTime=&endTime=` (issue 32, item 1): the caller's days at a glance. The
 * question is checked before anything is read, every problem at once as a 400: a missing or impossible date
 * (MISSING_REQUIRED_ATTRIBUTE, CONVERSION_FAILED), `to` before `from` (NOT_ACCEPTED_BY_RANGE at `to`), more
 * than AVAILABILITY_MAX_DAYS days (TOO_MANY_DAYS at `to`, with the most and a sentence), a time that is not
 * HH:mm[:ss] (CONVERSION_FAILED), one time without the other (MISSING_REQUIRED_ATTRIBUTE at the other) and an
 * end not after the start (NOT_ACCEPTED_BY_RANGE at `endTime`).
 */

export const query = (name: string, description: string, required: boolean): Parameter => ({
  name,
  in: 'query',
  required,
  description,
  schema: { type: 'string' },
});

const description: OperationObject = {
  summary: "The caller's availability at a glance",
  description: `Per day of the period (at most ${AVAILABILITY_MAX_DAYS} days, both ends counted): whether it is a working day (Monday–Friday but public holidays, with the configured additional days), on working days how many slots are offered to the caller (garage access, exclusive slots for administrators, pools, accessible and charging slots for their default car, assigned slots: the free-slot range's rules) and how many of them are free for the whole of the asked hours, and what is the caller's that day: their reservations, a holiday, their place on the waitlist, a pending fair-draw request, and the slot assigned to them with whether they gave the day back. The hours default to the caller's working hours; both or neither are given.`,
  tags: ['Reservations'],
  parameters: [
    query('from', 'The first day, YYYY-MM-DD.', true),
    query('to', 'The last day, YYYY-MM-DD (counted).', true),
    query(
      'startTime',
      "The hours' start, HH:mm or HH:mm:ss; the caller's working hours when omitted.",
      false,
    ),
    query('endTime', "The hours' end, after the start; the caller's working hours when omitted.", false),
  ],
  responses: {
    '200': jsonAnswer('The days of the period.', jsonSchemaOf(AvailabilitySchema)),
    ...errorRefs(['400', '401', '500']),
  },
};

const refusal = (code: string, location: string, details?: Record<string, unknown>): ValidationErrorItem => ({
  code,
  level: 'ERROR',
  location,
  ...(details === undefined ? {} : { details }),
});

/** A time parameter as HH:mm:ss; undefined when absent, null when not a time. */
const timeOf = (value: unknown): LocalTime | null | undefined => {
  if (value === undefined || value === '') {
    return undefined;
  }
  if (typeof value !== 'string') {
    return null;
  }
  const full = value.length === 5 ? `${value}:00` : value;
  return isTime(full) ? (full.slice(0, 8) as LocalTime) : null;
};

/** The asked hours, checked: both or neither, each a time, the end after the start. */
export function hoursOf(given: Record<string, unknown>): { startTime?: LocalTime; endTime?: LocalTime } {
  const startTime = timeOf(given.startTime);
  const endTime = timeOf(given.endTime);
  const problems = [
    ...(startTime === null ? [refusal('CONVERSION_FAILED', 'startTime')] : []),
    ...(endTime === null ? [refusal('CONVERSION_FAILED', 'endTime')] : []),
    ...(startTime === undefined && typeof endTime === 'string'
      ? [refusal('MISSING_REQUIRED_ATTRIBUTE', 'startTime')]
      : []),
    ...(endTime === undefined && typeof startTime === 'string'
      ? [refusal('MISSING_REQUIRED_ATTRIBUTE', 'endTime')]
      : []),
    ...(typeof startTime === 'string' && typeof endTime === 'string' && endTime <= startTime
      ? [refusal('NOT_ACCEPTED_BY_RANGE', 'endTime')]
      : []),
  ];
  if (problems.length > 0) {
    throw new ValidationError(problems);
  }
  return startTime == null || endTime == null ? {} : { startTime, endTime };
}

/** The period: `to` not before `from`, at most AVAILABILITY_MAX_DAYS days. */
function checkPeriod(from: string, to: string): void {
  const days = dayNumberOf(to) - dayNumberOf(from) + 1;
  if (days < 1) {
    throw new ValidationError([refusal('NOT_ACCEPTED_BY_RANGE', 'to')]);
  }
  if (days > AVAILABILITY_MAX_DAYS) {
    throw new ValidationError([
      refusal('TOO_MANY_DAYS', 'to', {
        maxDays: AVAILABILITY_MAX_DAYS,
        message: `One call covers at most ${AVAILABILITY_MAX_DAYS} days; this one asks for ${days}.`,
      }),
    ]);
  }
}

export async function availabilityRoutes(api: FastifyInstance): Promise<void> {
  api.get(
    `/${AVAILABILITY_PATH}`,
    { config: { describe: description } },
    async (request): Promise<Availability> => {
      const given = (
        typeof request.query === 'object' && request.query !== null ? request.query : {}
      ) as Record<string, unknown>;
      const { from, to } = parametersOf(given, { from: dateParameter, to: dateParameter });
      const hours = hoursOf(given);
      checkPeriod(from, to);
      const scope = {
        ...scopeOf(await api.actorOf(request)),
        now: api.clock(),
        recall: <T>(key: string, read: () => Promise<T>) => api.recentReads.get(key, read),
      };
      return availabilityOf(api.database.db, scope, { from, to, ...hours });
    },
  );
}
