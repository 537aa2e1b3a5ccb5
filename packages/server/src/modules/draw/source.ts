import { sql } from 'kysely';
import { noRows, ownRows } from '../../engine/access.ts';
import { entitySource, ownerKeyLink, ref } from '../../engine/source.ts';

/** A request of the fair draw as its owner and administrators read it; the latest day first. */
export const drawRequestSource = entitySource('DrawRequest', {
  table: 'draw_requests',
  derived: {
    parkingGarageName: (alias) =>
      sql`(SELECT g.name FROM parking_garages g WHERE g.id = ${ref(alias, 'parking_garage_id')})`,
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
  scope: ownRows('user_id'),
  // Requests change only through their operations (request, withdraw, the draw).
  updateable: noRows,
  deleteable: noRows,
});
