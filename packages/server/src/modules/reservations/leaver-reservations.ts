import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import { erasureOf } from '../../platform/erasure.ts';
import type { LifecycleHooks } from '../../platform/lifecycle.ts';
import { guestColumns } from '../../platform/pseudonyms.ts';
import { markDeleted } from './delete-reservation.ts';
import { reservationIdsWhere } from './repository.ts';
import { isDeletableSql } from './rules/index.ts';

type Sql = RawBuilder<unknown>;

/**
 * A leaver's reservations that go when they leave: ACTIVE and not started yet, of any type (their guests'
 * too: the host is gone). One that is running ends as it would have; the leaver is likely parked in it.
 */
const upcomingOf = (alias: string, userId: Sql, now: Date): Sql =>
  sql`(${sql.ref(`${alias}.owner_id`)} = ${userId} AND ${isDeletableSql(alias, now)})`;

/** How many reservations a leaving at `now` would delete (the administrator's confirmation says it). */
export const upcomingReservationCountSql = (userId: Sql, now: Date): Sql =>
  sql`(SELECT count(*)::int FROM reservations r WHERE ${upcomingOf('r', userId, now)})`;

/**
 * A user who left holds no slot: their upcoming reservations are deleted as any deletion is (its mails, its
 * reminder dropped, and migration 0009's trigger queueing the waitlist's promotion into the freed slots).
 */
export const hooks: LifecycleHooks = {
  userLeft: async (db: Executor, { userId, now, changedBy, budget }) => {
    const ids = await reservationIdsWhere(db, upcomingOf('r', sql`${userId}`, now));
    await markDeleted(db, ids, { by: changedBy, budget }, now);
  },
  // An anonymised user's reservations stay for the statistics: their plates and guests become pseudonyms, and
  // so does their email on whatever reservation they created or changed.
  userErased: erasureOf('reservations', {
    owner: 'owner_id',
    columns: { car_license_plate: 'plate', ...guestColumns },
    changedBy: ['created_by', 'modefied_by'],
  }),
};
