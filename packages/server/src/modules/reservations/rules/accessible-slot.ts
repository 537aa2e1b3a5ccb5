import { type RawBuilder, sql } from 'kysely';
import { type SqlList, sqlArray } from '../../../platform/db/sql-list.ts';

/*
 * [Pools] An accessible slot (ParkingSlotSettings.isAccessible) is offered only to holders of an accessibility
 * permit (UserSettings.hasAccessibilityPermit) until ConfigurationSettings.accessibleSlotReleaseMinutes before
 * its start (default 30): from then on, a permit holder not having come, it is offered to everybody. A request
 * of several days takes it only when each day's start is that close. The SQL twin is what the slot lists read
 * (slot-offered.int.test.ts runs one table of cases through both).
 */

/** When the accessible slot is offered to everybody for a reservation starting at `start`. */
export const accessibleRelease = (start: Date, releaseMinutes: number): Date =>
  new Date(start.getTime() - releaseMinutes * 60_000);

/**
 * Until when the slot is kept for permit holders, for a request starting at `starts`: the latest release not
 * yet come at `now`; null when it is open to the owner (not accessible, a permit holder, or released).
 */
export const accessibleClosedUntil = (
  slot: { isAccessible: boolean },
  ownerHasPermit: boolean,
  starts: readonly Date[],
  now: Date,
  releaseMinutes: number,
): Date | null => {
  if (!slot.isAccessible || ownerHasPermit) {
    return null;
  }
  const closed = starts
    .map((start) => accessibleRelease(start, releaseMinutes))
    .filter((release) => release.getTime() > now.getTime());
  return closed.length === 0 ? null : new Date(Math.max(...closed.map((release) => release.getTime())));
};

type Sql = RawBuilder<unknown>;

/** accessibleClosedUntil(…) === null in SQL, for the slot row `alias` and the user `userId`. */
export const accessibleOpenSql = (
  alias: string,
  userId: Sql,
  request: { starts: SqlList<Date>; now: Date; releaseMinutes: number },
): RawBuilder<boolean> =>
  sql<boolean>`(NOT ${sql.ref(`${alias}.is_accessible`)}
    OR coalesce((SELECT au.has_accessibility_permit FROM users au WHERE au.id = ${userId}), false)
    OR ${request.now.toISOString()}::timestamptz >= ALL (SELECT st - make_interval(mins => ${request.releaseMinutes}::integer)
      FROM unnest(${sqlArray(request.starts, 'timestamptz', (start) => start.toISOString())}) AS st))`;
