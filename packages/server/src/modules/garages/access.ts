import { type RawBuilder, sql } from 'kysely';
import { type ActorScope, type Predicate, TRUE_PREDICATE } from '../../engine/access.ts';
import { ref } from '../../engine/source.ts';

/* Which garages and slots an actor reaches and may reserve (DESIGN §1, §3, §4). */

/** Garages the actor is a doorman of (their email matches a configured doorman). */
export const doormanGarages = (garageColumn: RawBuilder<unknown>, scope: ActorScope): Predicate =>
  sql`EXISTS (SELECT 1 FROM doorman_garages dg JOIN doormen d ON d.id = dg.doorman_id
    WHERE lower(d.email) = lower(${scope.email}) AND dg.parking_garage_id = ${garageColumn})`;

/** Garages a user reaches: access, ID card or doorman duty. */
export const visibleGarages = (alias: string, scope: ActorScope): Predicate => {
  if (scope.isAdministrator) {
    return TRUE_PREDICATE;
  }
  const id = ref(alias, 'id');
  return sql`(EXISTS (SELECT 1 FROM user_accessed_garages ua WHERE ua.parking_garage_id = ${id}
      AND ua.user_id = ${scope.userId})
    OR EXISTS (SELECT 1 FROM user_id_card_garages uc WHERE uc.parking_garage_id = ${id}
      AND uc.user_id = ${scope.userId})
    OR ${doormanGarages(id, scope)})`;
};

/** The user's active accessed garages: where they may reserve (and wait for) a slot. */
export const garagesUserMayReserveIn = (alias: string, userId: RawBuilder<unknown>): Predicate =>
  sql`(${ref(alias, 'is_active')} AND EXISTS (SELECT 1 FROM user_accessed_garages ua
    WHERE ua.user_id = ${userId} AND ua.parking_garage_id = ${ref(alias, 'id')}))`;

/**
 * Active slots of the user's active accessed garages, exclusive or not: both reservable sets below. The
 * garages are read once (an array the planner computes before the scan, not a join after it), so the slot's
 * garage is the cheap test every slot passes first: whatever rules a caller adds (who may take which slot,
 * free on the asked times) run on that user's garages' slots only, not on every garage's slots a walk in
 * name order meets (the free-slot range, issue 29's benchmark).
 */
export const activeAccessedSlots = (
  alias: string,
  userId: RawBuilder<unknown>,
  exclusive: Predicate,
): Predicate =>
  sql`(${ref(alias, 'is_active')}
    AND ${exclusive}
    AND ${ref(alias, 'parking_garage_id')} = ANY (ARRAY(SELECT ua.parking_garage_id FROM user_accessed_garages ua
      JOIN parking_garages g ON g.id = ua.parking_garage_id WHERE ua.user_id = ${userId} AND g.is_active)))`;

/*
 * The slots of a reservation (DESIGN §4 Slots): active slots of the user's active accessed garages, exclusive
 * ones only for an administrator. Two sets, because whose flag decides differs:
 * - `slotsUserMayReserve`: the user's own accessedParkingSlots (DESIGN §3), exclusive ones when *that user* is
 *   an administrator: the profile's relation and preferred-slot range, the slots a user may look at.
 * - `slotsActorMayReserveFor`: what a reservation the *actor* makes for the user may take, exclusive ones when
 *   *the actor* is an administrator: the form's free-slot range, the next free slot, the template's slot.
 * reservable-slots.int.test.ts shows where they differ.
 */

/** The user's accessedParkingSlots: exclusive ones only when that user is an administrator. */
export const slotsUserMayReserve = (alias: string, userId: RawBuilder<unknown>): Predicate =>
  activeAccessedSlots(
    alias,
    userId,
    sql`(NOT ${ref(alias, 'is_exclusive')} OR (SELECT u.is_administrator FROM users u WHERE u.id = ${userId}))`,
  );

/** The slots the actor may reserve for the user: exclusive ones only when the actor is an administrator. */
export const slotsActorMayReserveFor = (
  alias: string,
  userId: RawBuilder<unknown>,
  actorIsAdministrator: boolean,
): Predicate =>
  activeAccessedSlots(
    alias,
    userId,
    actorIsAdministrator ? TRUE_PREDICATE : sql`NOT ${ref(alias, 'is_exclusive')}`,
  );

/**
 * Slots a user may look at: the reservable ones, their own preferred slot, and a doorman's the slots of the
 * garages they guard (a walk-in guest is recorded into one, issue 31 §3), as visibleGarages counts doorman duty.
 */
export const visibleSlots = (alias: string, scope: ActorScope): Predicate => {
  if (scope.isAdministrator) {
    return TRUE_PREDICATE;
  }
  return sql`(${slotsUserMayReserve(alias, sql`${scope.userId}`)}
    OR ${ref(alias, 'id')} = (SELECT u.preferred_parking_slot_id FROM users u WHERE u.id = ${scope.userId})
    ${scope.isDoorman ? sql`OR ${doormanGarages(ref(alias, 'parking_garage_id'), scope)}` : sql``})`;
};
