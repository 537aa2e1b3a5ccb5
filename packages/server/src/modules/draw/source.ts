import { sql } from 'kysely';
import { ownReadOnlyRows, type RequestScope } from '../../engine/access.ts';
import { entitySource, ownerKeyLink, ref, type Sql } from '../../engine/source.ts';
import { garageColumn } from '../garages/index.ts';
import { reservationSlotNameSql } from '../reservations/index.ts';
import { waitlistPlaceSql } from '../waitlist/index.ts';

/** The waitlist place a lost request was given. */
const placeOf = (alias: string, scope: RequestScope) =>
  waitlistPlaceSql(
    {
      userId: ref(alias, 'user_id'),
      garageId: ref(alias, 'parking_garage_id'),
      during: ref(alias, 'during'),
    },
    scope,
  );

/** Only a LOST request went to the waitlist: a request withdrawn or pending has no place there. */
const whenLost = (alias: string, value: Sql): Sql =>
  sql`(CASE WHEN ${ref(alias, 'draw_status')} = 'LOST' THEN ${value} END)`;

/** A request of the fair draw as its owner and administrators read it; the latest day first. */
export const drawRequestSource = entitySource('DrawRequest', {
  table: 'draw_requests',
  derived: {
    parkingGarageName: garageColumn('name'),
    drawCutoffTime: garageColumn('draw_cutoff_time'),
    drawCutoffWorkingDaysBefore: garageColumn('draw_cutoff_working_days_before'),
    parkingSlotInformation: (alias, scope) =>
      sql`coalesce(${reservationSlotNameSql(ref(alias, 'reservation_id'))},
        ${whenLost(alias, placeOf(alias, scope).slotName)})`,
    waitlistStatus: (alias, scope) => whenLost(alias, placeOf(alias, scope).status),
    waitlistPosition: (alias, scope) => whenLost(alias, placeOf(alias, scope).position),
    preferredSlotName: (alias) =>
      sql`(SELECT s.aggregared_name FROM parking_slots s WHERE s.id = ${ref(alias, 'preferred_slot_id')})`,
  },
  relations: {
    reservation: { link: ownerKeyLink('draw_requests', 'reservation_id') },
  },
  notNull: ['date', 'startTime', 'endTime', 'reservationType', 'drawStatus', 'created'],
  defaultOrder: [
    { attribute: 'date', descending: true },
    { attribute: 'startTime', descending: true },
  ],
  // Requests change only through their operations (request, withdraw, the draw).
  ...ownReadOnlyRows('user_id'),
});

/** The draw request `requestId` (an SQL expression) in a few words: day, garage and requester; null without one. */
export const requestSummarySql = (requestId: Sql): Sql =>
  sql`(SELECT to_char(d.date, 'YYYY-MM-DD') || ', ' || ${garageColumn('name')('d')} || ', ' || u.name
    FROM draw_requests d JOIN users u ON u.id = d.user_id WHERE d.id = ${requestId})`;

/** The requester's id of the draw request `requestId` (an SQL expression); null without one. */
export const requesterSql = (requestId: Sql): Sql =>
  sql`(SELECT d.user_id FROM draw_requests d WHERE d.id = ${requestId})`;
