import { randomUUID } from 'node:crypto';
import {
  addDays,
  compareDates,
  type LocalDate,
  MAX_LONG_SERIES_DAYS,
  type Notice,
  parseRepeatWeekdays,
  patternDates,
  reservationDateBounds,
  wallClockAt,
} from '@parkhere/contract';
import { type Kysely, sql } from 'kysely';
import { stampedTransaction, userStamp } from '../../platform/db/actor-stamp.ts';
import type { DB } from '../../platform/db/schema.ts';
import {
  BusinessError,
  ConflictError,
  EntityNotFoundError,
  ForbiddenError,
  ValidationError,
} from '../../platform/errors.ts';
import { assertNoViolation, invalid, type Violation } from '../../platform/violation.ts';
import type { CreateReservationInput, PlannedRequest } from './create-plan.ts';
import { createReservationIn, planRequest, reservationsCreated } from './create-reservation.ts';
import type { RuleContext } from './rules/index.ts';
import { conflictOf } from './savepoint.ts';

/*
 * A weekly pattern (issue 32 item 2): ReservationInput.repeatWeekdays and repeatUntil. Each matching working
 * day is a create of its own (createReservationIn: every rule of a single NORMAL, the quota counting the days
 * booked before it), behind a savepoint of the one transaction, so that a day refused is skipped with the code
 * a single create of it answers while the others are booked; the days booked share a series id, as a LONG
 * series' do (one card, one confirmation naming every day: modules/notifications reads the series).
 */

/** A day of the pattern not booked, with the code its single create answered. */
export type SkippedDay = { date: LocalDate; code: string };

/** A day in its garage's draw, requested instead of booked (modules/draw's requestDraw): the ids it made. */
export type DrawDay = (
  transaction: Kysely<DB>,
  day: PlannedRequest & { now: Date },
) => Promise<{ ids: string[] }>;

export type CreatedPattern = {
  /** The reservations made, in date order, and the caller's `answer` of each day (an array each). */
  ids: string[];
  answers: unknown[];
  drawRequestIds: string[];
  skippedDays: SkippedDay[];
  notices: Notice[];
};

/** Refusals of one day (its date, its slot that day, the owner's quota or holiday) rather than of the request. */
const DAY_CODES: ReadonlySet<string> = new Set([
  'NOT_A_WORKING_DAY',
  'DATE_IN_THE_PAST',
  'TIME_IN_THE_PAST',
  'DATE_TOO_FAR_AHEAD',
  'SHORTER_THAN_MINIMUM',
  'TOO_MANY_RESERVATION',
  'ON_HOLIDAY',
  'DAY_IN_DRAW',
  'DAY_BEING_DRAWN',
  'DAY_NOT_IN_DRAW',
  'SLOT_IN_POOL',
  'SLOT_FOR_PERMIT_HOLDERS',
  'ASSIGNED_SLOT_NOT_RELEASED',
]);

/**
 * The code a day is skipped with, or null when the refusal is the request's on every day (access, a car or
 * slot not found, a field no day fixes), which the pattern answers as a single create would. A conflict (a
 * taken slot, an overlap, a request of the draw already made) is always the day's.
 */
function skippedCodeOf(error: unknown): string | null {
  if (error instanceof ConflictError) {
    return error.code;
  }
  const conflict = conflictOf(error);
  if (conflict !== null) {
    return conflict;
  }
  if (error instanceof BusinessError) {
    return DAY_CODES.has(error.errorCode) ? error.errorCode : null;
  }
  if (error instanceof ValidationError) {
    const [item] = error.items;
    return item !== undefined && error.items.every((each) => DAY_CODES.has(each.code)) ? item.code : null;
  }
  return null;
}

/** Whether the type may repeat: NORMAL, and GUEST for administrators. */
const repeats = (request: CreateReservationInput): boolean =>
  request.input.reservationType === 'NORMAL' ||
  (request.input.reservationType === 'GUEST' && request.scope.isAdministrator);

/** The pattern's fields (400 items at repeatWeekdays and repeatUntil), before anything is read. */
function checkPatternShape(request: CreateReservationInput): Violation[] {
  const { input } = request;
  if (!repeats(request)) {
    return [invalid('repeatWeekdays', 'REPEAT_NOT_ALLOWED')];
  }
  const violations: Violation[] = [];
  const weekdays = parseRepeatWeekdays(input.repeatWeekdays);
  if (typeof weekdays === 'string') {
    violations.push(invalid('repeatWeekdays', weekdays));
  }
  if (input.repeatUntil == null) {
    violations.push(invalid('repeatUntil', 'MISSING_REQUIRED_ATTRIBUTE'));
  } else if (input.date != null && compareDates(input.repeatUntil, input.date) < 0) {
    violations.push(invalid('repeatUntil', 'END_DATE_BEFORE_DATE', { min: input.date }));
  }
  return violations;
}

/**
 * The span within the owner's horizon (their groups' included): `date` not before today, `repeatUntil` not
 * beyond the horizon; for administrators, who have none, at most MAX_LONG_SERIES_DAYS after `date` (a series'
 * bound, SERIES_TOO_LONG), so no pattern lists an unbounded span.
 */
function checkPatternSpan(date: LocalDate, until: LocalDate, context: RuleContext, type: 'NORMAL' | 'GUEST') {
  const now = wallClockAt(context.now, context.timeZone);
  const isAdmin = context.actor.isAdministrator;
  const bounds = reservationDateBounds({ type, isAdmin, now, horizonDays: context.horizonDays });
  if (compareDates(date, bounds.min) < 0) {
    return [invalid('date', 'DATE_IN_THE_PAST', { min: bounds.min })];
  }
  if (bounds.max === null) {
    const max = addDays(date, MAX_LONG_SERIES_DAYS);
    return compareDates(until, max) > 0 ? [invalid('repeatUntil', 'SERIES_TOO_LONG', { max })] : [];
  }
  return compareDates(until, bounds.max) > 0
    ? [
        invalid(compareDates(date, bounds.max) > 0 ? 'date' : 'repeatUntil', 'DATE_TOO_FAR_AHEAD', {
          max: bounds.max,
        }),
      ]
    : [];
}

/**
 * UserReservationPanel.repeatReservation and ReservationsPanel.repeatReservation: the pattern's fields and
 * span are the request's (400 for all of it); then each matching date is judged on its own. A day that is not a
 * working day is skipped (NOT_A_WORKING_DAY); a day in its garage's draw is requested (`drawDay`) as the form
 * requests a single one; any other day is a create of its own, skipped with its refusal's code. A day another
 * request took meanwhile is the exclusion constraint's: skipped with its 409's code, never a failure.
 */
export async function createPattern(
  db: Kysely<DB>,
  request: CreateReservationInput,
  drawDay?: DrawDay,
): Promise<CreatedPattern> {
  const { scope, input } = request;
  if (request.panel === 'administration' && !scope.isAdministrator) {
    throw new ForbiddenError('PERMISSION_DENIED');
  }
  assertNoViolation(checkPatternShape(request));
  const weekdays = parseRepeatWeekdays(input.repeatWeekdays);
  const { repeatUntil, date } = input;
  if (typeof weekdays === 'string' || repeatUntil == null || date == null) {
    throw new Error('a checked pattern has its weekdays, date and end');
  }
  const now = request.now ?? new Date();
  const dayInput = { ...input, repeatWeekdays: null, repeatUntil: null };
  const seriesId = randomUUID();
  const dayRequest = (day: LocalDate) => ({ ...request, input: { ...dayInput, date: day }, now, seriesId });
  const created = await stampedTransaction(db, userStamp(scope.userId, scope.origin), async (transaction) => {
    // The request's own faults (access, the owner, the car) as a single create of its first day answers them.
    const { facts, plan } = await planRequest(transaction, dayRequest(date));
    if (facts.owner === null) {
      assertNoViolation(plan.violations);
      throw new EntityNotFoundError();
    }
    const type = input.reservationType === 'GUEST' ? 'GUEST' : 'NORMAL';
    assertNoViolation(checkPatternSpan(date, repeatUntil, facts.context, type));
    const dates = patternDates(date, repeatUntil, weekdays);
    assertNoViolation(dates.length === 0 ? [invalid('repeatUntil', 'NO_WORKING_DAY_IN_RANGE')] : []);
    const result: CreatedPattern = { ids: [], answers: [], drawRequestIds: [], skippedDays: [], notices: [] };
    for (const day of dates) {
      if (!facts.context.calendar.isWorkingDay(day)) {
        result.skippedDays.push({ date: day, code: 'NOT_A_WORKING_DAY' });
        continue;
      }
      await sql`SAVEPOINT pattern_day`.execute(transaction);
      try {
        const made = await createOrRequest(transaction, dayRequest(day), drawDay);
        await sql`RELEASE SAVEPOINT pattern_day`.execute(transaction);
        if ('drawRequestIds' in made) {
          result.drawRequestIds.push(...made.drawRequestIds);
        } else {
          result.ids.push(...made.ids);
          result.answers.push(made.answer);
          result.notices.push(...(made.notices ?? []).filter((notice) => !result.notices.includes(notice)));
        }
      } catch (error) {
        const code = skippedCodeOf(error);
        if (code === null) {
          throw error;
        }
        await sql`ROLLBACK TO SAVEPOINT pattern_day`.execute(transaction);
        result.skippedDays.push({ date: day, code });
      }
    }
    return result;
  });
  reservationsCreated.inc(created.ids.length);
  return created;
}

/** One day: its create, or its request of the draw when the create says the day is in its garage's draw. */
async function createOrRequest(
  transaction: Kysely<DB>,
  request: CreateReservationInput & { now: Date },
  drawDay: DrawDay | undefined,
): Promise<{ ids: string[]; answer: unknown; notices?: Notice[] } | { drawRequestIds: string[] }> {
  try {
    return await createReservationIn(transaction, request);
  } catch (error) {
    if (drawDay === undefined || !(error instanceof BusinessError) || error.errorCode !== 'DAY_IN_DRAW') {
      throw error;
    }
    return { drawRequestIds: (await drawDay(transaction, request)).ids };
  }
}
