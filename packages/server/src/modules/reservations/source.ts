import { sql } from 'kysely';
import { FALSE_PREDICATE, ownRows } from '../../engine/access.ts';
import { entitySource, ref, type Sql } from '../../engine/source.ts';
import { configuredToday, configuredWallClock } from '../configuration/index.ts';
import { visibleReservations } from './access.ts';
import { checkInSql, isDeletableSql, reservationFlagsSql } from './rules/index.ts';

/** Today in the configured time zone: reservation dates are wall-clock dates there (DESIGN §4). */
export const today = (now: Date): Sql => configuredToday(now);

const wallClockTime = (at: Sql): Sql => sql`to_char(${configuredWallClock(at)}, 'HH24:MI:SS')`;

const ownerName = (alias: string): Sql =>
  sql`(SELECT u.name FROM users u WHERE u.id = ${ref(alias, 'owner_id')})`;

export const userReservationSource = entitySource('UserReservation', {
  table: 'reservations',
  derived: {
    reservationStatus: (alias, scope) => reservationFlagsSql(alias, scope.now).reservationStatus,
    reserverName: (alias) => sql`coalesce(${ref(alias, 'guest_name')}, ${ownerName(alias)})`,
    reserverCarId: (alias) =>
      sql`coalesce(${ref(alias, 'guest_license_plate')}, ${ref(alias, 'car_license_plate')},
        (SELECT c.license_plate FROM cars c WHERE c.id = ${ref(alias, 'car_id')}))`,
    parkingSlotInformation: (alias) =>
      sql`(SELECT s.aggregared_name FROM parking_slots s WHERE s.id = ${ref(alias, 'parking_slot_id')})`,
    owner: ownerName,
    isGuest: (alias) => sql`(${ref(alias, 'reservation_type')} = 'GUEST')`,
    isNotCancelable: (alias, scope) => reservationFlagsSql(alias, scope.now).isNotCancelable,
    isNotDeletable: (alias, scope) => reservationFlagsSql(alias, scope.now).isNotDeletable,
    currentTime: (alias, scope) => reservationFlagsSql(alias, scope.now).currentTime,
    checkInRequired: (alias) => sql`coalesce(${checkInSql(alias).required}, false)`,
    checkedInAt: (alias) => ref(alias, 'checked_in_at'),
    checkedInTime: (alias) => wallClockTime(ref(alias, 'checked_in_at')),
    checkInOpensAt: (alias) => wallClockTime(checkInSql(alias).opensAt),
    checkInClosesAt: (alias) => wallClockTime(checkInSql(alias).closesAt),
    isCheckInOpen: (alias, scope) => checkInSql(alias).isOpen(scope.now),
    isCancelled: (alias) => sql`(${ref(alias, 'cancelled_at')} IS NOT NULL)`,
    seriesId: (alias) => sql`${ref(alias, 'series_id')}::text`,
    bookedEndTime: (alias) => sql`coalesce(${ref(alias, 'booked_end_time')}, ${ref(alias, 'end_time')})`,
  },
  notNull: ['date', 'startTime', 'endTime', 'reservationType', 'created'],
  defaultOrder: [
    { attribute: 'date', descending: false },
    { attribute: 'startTime', descending: false },
  ],
  scope: visibleReservations,
  updateable: () => FALSE_PREDICATE,
  deleteable: (alias, scope) =>
    sql`(${ownRows('owner_id')(alias, scope)} AND ${isDeletableSql(alias, scope.now)})`,
});
