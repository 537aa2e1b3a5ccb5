import { sql } from 'kysely';
import { type Predicate, type RequestScope, TRUE_PREDICATE } from '../../engine/access.ts';
import { ref } from '../../engine/source.ts';
import { configuredToday } from '../configuration/index.ts';
import { doormanGarages } from '../garages/index.ts';

/**
 * Reservations: administrators all, users their own, doormen also today's in their garages (their arrivals,
 * DESIGN §1); any other day's is foreign to a doorman, so 404 like anybody else's.
 */
export const visibleReservations = (alias: string, scope: RequestScope): Predicate => {
  if (scope.isAdministrator) {
    return TRUE_PREDICATE;
  }
  const own = sql`${ref(alias, 'owner_id')} = ${scope.userId}`;
  if (!scope.isDoorman) {
    return own;
  }
  const garage = sql`(SELECT s.parking_garage_id FROM parking_slots s WHERE s.id = ${ref(alias, 'parking_slot_id')})`;
  return sql`(${own} OR (${ref(alias, 'date')} = ${configuredToday(scope.now)} AND ${doormanGarages(garage, scope)}))`;
};
