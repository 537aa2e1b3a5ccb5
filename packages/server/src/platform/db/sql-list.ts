import { type RawBuilder, sql } from 'kysely';

/*
 * A list a rule's SQL twin reads: known to the server (a parameter array), or an SQL array expression of the
 * statement itself (e.g. `ARRAY[d.day]` over a series of days), so one fragment serves a request's days and a
 * count per day of a series alike (the availability's per-day counts).
 */
export type SqlList<T> = readonly T[] | RawBuilder<unknown>;

/** Whether the list is an SQL expression rather than values. */
export const isSqlExpression = <T>(list: SqlList<T>): list is RawBuilder<unknown> =>
  (list as { isRawBuilder?: unknown }).isRawBuilder === true;

/** Whether the list is known to be empty (an SQL expression never is). */
export const isEmptyList = <T>(list: SqlList<T>): boolean => !isSqlExpression(list) && list.length === 0;

/** The list as an SQL array of `type` ('date', 'timestamptz'); values are sent as one parameter. */
export const sqlArray = <T>(
  list: SqlList<T>,
  type: 'date' | 'timestamptz',
  encode: (value: T) => unknown = (value) => value,
): RawBuilder<unknown> => (isSqlExpression(list) ? list : sql`${list.map(encode)}::${sql.raw(type)}[]`);
