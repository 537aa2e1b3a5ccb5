import type { LocalDate } from '@parkhere/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { RequestScope } from '../../engine/access.ts';
import type { DB } from '../../platform/db/schema.ts';
import { isEffectivelyActiveSql, reservationIdsWhere } from '../reservations/index.ts';

type Sql = RawBuilder<unknown>;

const col = (alias: string, column: string): Sql => sql.raw(`${alias}.${column}`);

/**
 * The reservations a holiday deletes (DESIGN §4): the user's ACTIVE, not yet ended, non-guest reservations
 * dated inside the holiday. The one predicate behind the preview operation, the form's range and the delete.
 */
export const deletedByHoliday = (
  alias: string,
  holiday: { userId: Sql; startDate: LocalDate; endDate: LocalDate },
  now: Date,
): Sql =>
  sql`(${col(alias, 'owner_id')} = ${holiday.userId} AND ${isEffectivelyActiveSql(alias, now)}
    AND ${col(alias, 'reservation_type')} <> 'GUEST'
    AND ${col(alias, 'date')} BETWEEN ${holiday.startDate}::date AND ${holiday.endDate}::date)`;

/** `queryReservationsForHoliday` previews exactly this list; `createHoliday` deletes it. */
export async function reservationsForHoliday(
  db: Kysely<DB>,
  holiday: { userId: string; startDate: LocalDate; endDate: LocalDate },
  now: Date,
): Promise<string[]> {
  return reservationIdsWhere(db, deletedByHoliday('r', { ...holiday, userId: sql`${holiday.userId}` }, now));
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateOf = (value: unknown): LocalDate | null =>
  typeof value === 'string' && DATE.test(value) ? value : null;

/** The prepared draft of HolidayInput.reservationsForDeleteInfo: its dates once both are set and in order. */
export type HolidayDraft = { startDate?: LocalDate; endDate?: LocalDate; now?: Date };

/** `prepareDraft` of HolidayInput.reservationsForDeleteInfo. */
export async function holidayDraft(
  _db: Kysely<DB>,
  scope: RequestScope,
  draft: Readonly<Record<string, unknown>>,
): Promise<HolidayDraft> {
  const startDate = dateOf(draft.startDate);
  const endDate = dateOf(draft.endDate);
  if (startDate === null || endDate === null || startDate > endDate) {
    return {};
  }
  return { startDate, endDate, now: scope.now };
}

/**
 * HolidayInput.reservationsForDeleteInfo `~range`: what saving the draft would delete for the form's user;
 * nothing until both dates are set (the form shows the table only then).
 */
export const holidayReservationsRange = (
  alias: string,
  userId: Sql,
  values: Readonly<Record<string, unknown>> = {},
): Sql => {
  const { startDate, endDate, now } = values as HolidayDraft;
  if (startDate === undefined || endDate === undefined || now === undefined) {
    return sql`FALSE`;
  }
  return deletedByHoliday(alias, { userId, startDate, endDate }, now);
};
