import { sql } from 'kysely';
import {
  configuredToday,
  configuredWallClock,
  FALSE_PREDICATE,
  holidayDeletable,
  holidayEnded,
  instant,
  ownRows,
  visibleReservations,
} from '../../domain/policy.ts';
import { entitySource, ref, type Sql } from './source.ts';

/** Today in the configured time zone: reservation dates are wall-clock dates there (DESIGN §4). */
export const today = (now: Date): Sql => configuredToday(now);

/** ACTIVE and not yet over: an ACTIVE reservation whose end has passed counts as EXPIRED everywhere. */
export const isActive = (alias: string, now: Date): Sql =>
  sql`(${ref(alias, 'reservation_status')} = 'ACTIVE' AND upper(${ref(alias, 'during')}) > ${instant(now)})`;
const cancelable = (alias: string, now: Date): Sql =>
  sql`(${ref(alias, 'reservation_status')} = 'ACTIVE' AND ${ref(alias, 'during')} @> ${instant(now)})`;
const deletable = (alias: string, now: Date): Sql =>
  sql`(${ref(alias, 'reservation_status')} = 'ACTIVE' AND lower(${ref(alias, 'during')}) > ${instant(now)})`;
const ownerName = (alias: string): Sql =>
  sql`(SELECT u.name FROM users u WHERE u.id = ${ref(alias, 'owner_id')})`;

export const userReservationSource = entitySource('UserReservation', {
  table: 'reservations',
  derived: {
    reservationStatus: (alias, scope) =>
      sql`(CASE WHEN ${ref(alias, 'reservation_status')} = 'ACTIVE'
        AND upper(${ref(alias, 'during')}) <= ${instant(scope.now)}
        THEN 'EXPIRED' ELSE ${ref(alias, 'reservation_status')}::text END)`,
    reserverName: (alias) => sql`coalesce(${ref(alias, 'guest_name')}, ${ownerName(alias)})`,
    reserverCarId: (alias) =>
      sql`coalesce(${ref(alias, 'guest_license_plate')}, ${ref(alias, 'car_license_plate')},
        (SELECT c.license_plate FROM cars c WHERE c.id = ${ref(alias, 'car_id')}))`,
    parkingSlotInformation: (alias) =>
      sql`(SELECT s.aggregared_name FROM parking_slots s WHERE s.id = ${ref(alias, 'parking_slot_id')})`,
    owner: ownerName,
    isGuest: (alias) => sql`(${ref(alias, 'reservation_type')} = 'GUEST')`,
    isNotCancelable: (alias, scope) => sql`(NOT ${cancelable(alias, scope.now)})`,
    isNotDeletable: (alias, scope) => sql`(NOT ${deletable(alias, scope.now)})`,
    currentTime: (alias, scope) =>
      sql`(CASE WHEN ${cancelable(alias, scope.now)}
        THEN to_char(${configuredWallClock(instant(scope.now))}, 'HH24:MI:SS') END)`,
  },
  notNull: ['date', 'startTime', 'endTime', 'reservationType', 'created'],
  defaultOrder: [
    { attribute: 'date', descending: false },
    { attribute: 'startTime', descending: false },
  ],
  scope: visibleReservations,
  updateable: () => FALSE_PREDICATE,
  deleteable: (alias, scope) =>
    sql`(${ownRows('owner_id')(alias, scope)} AND ${deletable(alias, scope.now)})`,
});

export const holidaySource = entitySource('Holiday', {
  table: 'holidays',
  derived: {
    userName: (alias) => sql`(SELECT u.name FROM users u WHERE u.id = ${ref(alias, 'user_id')})`,
    isNotDeletable: (alias, scope) => holidayEnded(alias, scope.now),
  },
  notNull: ['startDate', 'endDate'],
  defaultOrder: [{ attribute: 'startDate', descending: false }],
  scope: ownRows('user_id'),
  updateable: () => FALSE_PREDICATE,
  deleteable: (alias, scope) =>
    sql`(${ownRows('user_id')(alias, scope)} AND ${holidayDeletable(alias, scope)})`,
});
