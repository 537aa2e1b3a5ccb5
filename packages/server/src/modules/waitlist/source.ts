import { sql } from 'kysely';
import { instant, ownReadOnlyRows, type RequestScope } from '../../engine/access.ts';
import { entitySource, ref, type Sql } from '../../engine/source.ts';
import { garageColumn } from '../garages/index.ts';
import { reservationSlotNameSql } from '../reservations/index.ts';

/*
 * A waitlist entry as its owner and administrators read it. An entry WAITING past its start counts as
 * EXPIRED in every read before the expiry job stores it, as an ACTIVE reservation past its end does.
 */

const statusOf = (alias: string): Sql => ref(alias, 'waitlist_status');
const startOf = (alias: string): Sql => sql`lower(${ref(alias, 'during')})`;

/** WAITING and not started: still served by a freed slot. */
export const isWaitingSql = (alias: string, now: Date): Sql =>
  sql`(${statusOf(alias)} = 'WAITING' AND ${startOf(alias)} > ${instant(now)})`;

/** How many places in line a user holds at `now` (the administrator's confirmation of a leaving says it). */
export const waitingCountSql = (userId: Sql, now: Date): Sql =>
  sql`(SELECT count(*)::int FROM waitlist_entries w WHERE w.user_id = ${userId} AND ${isWaitingSql('w', now)})`;

/**
 * 1 + the WAITING entries of the same date for an overlapping time that rank before it (served before it:
 * by rank, then id, as the promotion takes them); null once the entry is not waiting.
 */
const positionAt = (alias: string, now: Date): Sql =>
  sql`(CASE WHEN ${isWaitingSql(alias, now)} THEN (SELECT count(*)::int FROM waitlist_entries o
    WHERE o.date = ${ref(alias, 'date')} AND o.waitlist_status = 'WAITING'
      AND (o.rank, o.id) <= (${ref(alias, 'rank')}, ${ref(alias, 'id')})
      AND o.during && ${ref(alias, 'during')}) END)`;
const position = (alias: string, scope: RequestScope): Sql => positionAt(alias, scope.now);

/** The user's best place in line on `day` (SQL of the caller's statement) at `now`; null when not waiting. */
export const waitlistDayPositionSql = (userId: string, day: Sql, now: Date): Sql =>
  sql`(SELECT min(${positionAt('w', now)}) FROM waitlist_entries w
    WHERE w.user_id = ${userId}::bigint AND w.date = ${day} AND ${isWaitingSql('w', now)})`;

/** The status every read shows: WAITING past its start is EXPIRED. */
const shownStatus = (alias: string, scope: RequestScope): Sql =>
  sql`(CASE WHEN ${statusOf(alias)} = 'WAITING' AND NOT ${isWaitingSql(alias, scope.now)}
    THEN 'EXPIRED' ELSE ${statusOf(alias)}::text END)`;

/** A request's interval of one user in one garage (a fair draw's request, by its row's columns). */
export type WaitedFor = { userId: Sql; garageId: Sql; during: Sql };

/*
 * The place a draw's loser was given: the user's latest entry in the garage for the request's very interval
 * (waitInDrawOrder inserts it so; a loser already waiting there keeps the entry it had). Its shown status,
 * its position while waiting, and the slot it was served with.
 */
const placeOf = (request: WaitedFor, value: (alias: string) => Sql): Sql =>
  sql`(SELECT ${value('w')} FROM waitlist_entries w WHERE w.user_id = ${request.userId}
    AND w.parking_garage_id = ${request.garageId} AND w.during = ${request.during} ORDER BY w.id DESC LIMIT 1)`;

export const waitlistPlaceSql = (request: WaitedFor, scope: RequestScope) => ({
  status: placeOf(request, (alias) => shownStatus(alias, scope)),
  position: placeOf(request, (alias) => position(alias, scope)),
  slotName: placeOf(request, (alias) => reservationSlotNameSql(ref(alias, 'reservation_id'))),
});

export const waitlistEntrySource = entitySource('WaitlistEntry', {
  table: 'waitlist_entries',
  derived: {
    waitlistStatus: shownStatus,
    position,
    parkingGarageName: garageColumn('name'),
    owner: (alias) => sql`(SELECT u.name FROM users u WHERE u.id = ${ref(alias, 'user_id')})`,
    parkingSlotInformation: (alias) => reservationSlotNameSql(ref(alias, 'reservation_id')),
  },
  notNull: ['date', 'startTime', 'endTime', 'reservationType', 'created'],
  defaultOrder: [
    { attribute: 'date', descending: false },
    { attribute: 'startTime', descending: false },
  ],
  // Entries change only through their operations (join, leave, promotion, expiry).
  ...ownReadOnlyRows('user_id'),
});
