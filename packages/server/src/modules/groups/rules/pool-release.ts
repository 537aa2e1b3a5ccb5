import {
  instantOf,
  type LocalDate,
  type LocalTime,
  type WorkingCalendar,
  workingDaysBefore,
  workingDaysBetween,
} from '@parkhere/contract';
import { type RawBuilder, sql } from 'kysely';
import { type SqlList, sqlArray } from '../../../platform/db/sql-list.ts';

/*
 * [Pools] A slot reserved for a group (ParkingSlotSettings.reservedForGroup) is the group's pool. Its members
 * see and book it at any time; anybody else only from the group's release moment for the day:
 * poolReleaseTime on the working day poolReleaseWorkingDaysBefore working days before it (0: that day), on the
 * configured wall clock, working days as the reservations' calendar has them (Hungarian holidays and the
 * additional days). From then on it is a normal slot for that day. A request of several days (a LONG series)
 * takes a pool slot only when every one of its days is released (or the owner is a member).
 *
 * The SQL twin answers the same in the statements that list slots (the free-slot range, the waitlist's and the
 * next free slot): the working days before the asked days come in as a parameter (`PoolDays.workingDays`),
 * so the SQL needs no calendar of its own; pool-release.int.test.ts runs one table of cases through both.
 */

/** What the rule reads of a pool slot's group, and whether the reservation's owner is one of its members. */
export type Pool = {
  groupName: string;
  poolReleaseTime: LocalTime;
  poolReleaseWorkingDaysBefore: number;
  isMember: boolean;
};

/** The instant the pool goes to everybody for `date`. */
export const poolRelease = (
  date: LocalDate,
  pool: Pick<Pool, 'poolReleaseTime' | 'poolReleaseWorkingDaysBefore'>,
  calendar: WorkingCalendar,
  timeZone: string,
): Date =>
  instantOf(
    workingDaysBefore(date, pool.poolReleaseWorkingDaysBefore, calendar),
    pool.poolReleaseTime,
    timeZone,
  );

/**
 * Until when the pool is closed to the owner for the asked days: the latest release among the days not yet
 * released at `now`; null when the slot is open to them (no pool, a member, or every day released).
 */
export const poolClosedUntil = (
  pool: Pool | null,
  dates: readonly LocalDate[],
  now: Date,
  calendar: WorkingCalendar,
  timeZone: string,
): Date | null => {
  if (pool === null || pool.isMember) {
    return null;
  }
  const closed = dates
    .map((date) => poolRelease(date, pool, calendar, timeZone))
    .filter((release) => release.getTime() > now.getTime());
  return closed.length === 0 ? null : new Date(Math.max(...closed.map((release) => release.getTime())));
};

/** The most working days before its day a group may release its pool (GROUP_RULE_BOUNDS). */
const MOST_DAYS_BEFORE = 30;

/** What the SQL twin reads of a request: its days, the working days before them, the clock and the zone. */
export type PoolDays = {
  /** The asked days, or an SQL array of them (one day of a series: the availability's counts). */
  dates: SqlList<LocalDate>;
  /** The working days from MOST_DAYS_BEFORE working days before the first asked day to the last one. */
  workingDays: readonly LocalDate[];
  now: Date;
  timeZone: string;
};

/** The PoolDays of the asked days. */
export const poolDaysOf = (
  dates: readonly LocalDate[],
  now: Date,
  calendar: WorkingCalendar,
  timeZone: string,
): PoolDays => {
  const sorted = [...dates].sort();
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  if (first === undefined || last === undefined) {
    return { dates: [], workingDays: [], now, timeZone };
  }
  const from = workingDaysBefore(first, MOST_DAYS_BEFORE, calendar);
  return { dates: sorted, workingDays: workingDaysBetween(from, last, calendar), now, timeZone };
};

type Sql = RawBuilder<unknown>;

/**
 * poolClosedUntil(…) === null in SQL: the slot whose group column is `groupId` is open to the user `userId`
 * on every one of `days.dates`.
 */
export const poolOpenSql = (groupId: Sql, userId: Sql, days: PoolDays): RawBuilder<boolean> =>
  sql<boolean>`(${groupId} IS NULL
    OR EXISTS (SELECT 1 FROM group_members pm WHERE pm.group_id = ${groupId} AND pm.user_id = ${userId})
    OR coalesce((SELECT bool_and(coalesce(((CASE WHEN pg.pool_release_working_days_before = 0 THEN pd.day
          ELSE (SELECT w.day FROM unnest(${days.workingDays}::date[]) AS w(day) WHERE w.day < pd.day
            ORDER BY w.day DESC OFFSET pg.pool_release_working_days_before - 1 LIMIT 1) END)
          + pg.pool_release_time) AT TIME ZONE ${days.timeZone} <= ${days.now.toISOString()}::timestamptz, false))
      FROM groups pg CROSS JOIN unnest(${sqlArray(days.dates, 'date')}) AS pd(day) WHERE pg.id = ${groupId}), true))`;

/** The Pool of the slot whose group column is `groupId`, for the user `userId`, as one JSON value (null: none). */
export const poolSql = (groupId: Sql, userId: Sql): RawBuilder<unknown> =>
  sql`(SELECT json_build_object('groupName', pg.name,
      'poolReleaseTime', to_char(pg.pool_release_time, 'HH24:MI:SS'),
      'poolReleaseWorkingDaysBefore', pg.pool_release_working_days_before,
      'isMember', EXISTS (SELECT 1 FROM group_members pm WHERE pm.group_id = pg.id AND pm.user_id = ${userId}))
    FROM groups pg WHERE pg.id = ${groupId})`;
