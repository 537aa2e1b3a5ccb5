import { compareDates, type LocalDate } from '@parkhere/contract';
import { type RawBuilder, sql } from 'kysely';
import type { RequestScope } from '../../engine/access.ts';
import { business, foreign, invalid, type Violation } from '../../platform/violation.ts';
import { configuredToday } from '../configuration/index.ts';
import type { RuleActor } from '../reservations/index.ts';

type Sql = RawBuilder<unknown>;
const column = (alias: string, name: string): Sql => sql.raw(`${alias}.${name}`);

/*
 * The holiday rules of DESIGN §4: who may enter, change and delete a holiday, and when. A reservation on a
 * holiday is the reservations' rule (checkHolidayConfirmed); these are the holiday's own.
 */

export type HolidayDates = { startDate: LocalDate; endDate: LocalDate };

/** Two holidays overlap when they share a day (both ends are included). */
export const holidaysOverlap = (left: HolidayDates, right: HolidayDates): boolean =>
  compareDates(left.startDate, right.endDate) <= 0 && compareDates(right.startDate, left.endDate) <= 0;

/**
 * A new holiday: the owner or an administrator; start not before today, end not before start, and no day
 * shared with the user's other holidays.
 */
export const checkHoliday = (
  holiday: HolidayDates & { ownerId: string },
  context: { actor: RuleActor; today: LocalDate; otherHolidays: readonly HolidayDates[] },
): Violation[] => {
  if (!context.actor.isAdministrator && holiday.ownerId !== context.actor.userId) {
    return [foreign];
  }
  const violations: Violation[] = [];
  if (compareDates(holiday.startDate, context.today) < 0) {
    violations.push(invalid('startDate', 'DATE_IN_THE_PAST', { min: context.today }));
  }
  if (compareDates(holiday.endDate, holiday.startDate) < 0) {
    violations.push(invalid('endDate', 'END_DATE_BEFORE_DATE', { min: holiday.startDate }));
    return violations;
  }
  if (context.otherHolidays.some((other) => holidaysOverlap(holiday, other))) {
    violations.push(invalid('startDate', 'OVERLAPPING_HOLIDAY'));
  }
  return violations;
};

/**
 * New dates for a stored holiday: what a new holiday must meet, except that a holiday already under way keeps
 * its start (it may be past); it must not have ended, and its new end is today at the earliest.
 */
export const checkHolidayChange = (
  stored: HolidayDates & { ownerId: string },
  change: HolidayDates,
  context: { actor: RuleActor; today: LocalDate; otherHolidays: readonly HolidayDates[] },
): Violation[] => {
  if (!context.actor.isAdministrator && stored.ownerId !== context.actor.userId) {
    return [foreign];
  }
  if (isHolidayNotDeletable(stored, context.today)) {
    return [business('NOT_VALID_DATA', 'A past holiday cannot be changed')];
  }
  const keepsStart = change.startDate === stored.startDate;
  const violations = checkHoliday(
    { ...change, ownerId: stored.ownerId },
    { ...context, today: keepsStart && stored.startDate < context.today ? stored.startDate : context.today },
  );
  if (
    compareDates(change.endDate, context.today) < 0 &&
    !violations.some((v) => v.kind === 'invalid' && v.item.location === 'endDate')
  ) {
    violations.push(invalid('endDate', 'DATE_IN_THE_PAST', { min: context.today }));
  }
  return violations;
};

/*
 * Holiday deletability in its two forms, side by side: TypeScript for the delete operation, SQL over a
 * holidays row by its table alias for the Holiday source (its isNotDeletable and its row rule), with today
 * in the configured zone. rule-forms.int.test.ts runs one table of cases through both on a real database.
 */

/** A holiday that has ended stays as history; a current or future one can be deleted. */
export const isHolidayNotDeletable = (holiday: HolidayDates, today: LocalDate): boolean =>
  compareDates(holiday.endDate, today) < 0;

/** `isHolidayNotDeletable` in SQL. */
export const isHolidayNotDeletableSql = (alias: string, now: Date): Sql =>
  sql`(${column(alias, 'end_date')} < ${configuredToday(now)})`;

/**
 * Delete a holiday: the owner, unless it has ended; administrators any (exempt from the user restrictions).
 * Deleting restores nothing.
 */
export const checkHolidayDeletion = (
  holiday: HolidayDates & { ownerId: string },
  actor: RuleActor,
  today: LocalDate,
): Violation[] => {
  if (actor.isAdministrator) {
    return [];
  }
  if (holiday.ownerId !== actor.userId) {
    return [foreign];
  }
  return isHolidayNotDeletable(holiday, today)
    ? [business('NOT_VALID_DATA', 'A past holiday cannot be deleted')]
    : [];
};

/** `checkHolidayDeletion` allows it, in SQL: its owner unless it has ended; administrators any. */
export const holidayDeletableSql = (alias: string, scope: RequestScope): Sql =>
  scope.isAdministrator
    ? sql`TRUE`
    : sql`(${column(alias, 'user_id')} = ${scope.userId} AND NOT ${isHolidayNotDeletableSql(alias, scope.now)})`;
