import {
  type AccessPointName,
  type Audience,
  accessPoints,
  isInAudience,
  mayUseAccessPoint,
  type OperationDef,
  type RelationDef,
  type TransferName,
  transferTypes,
} from '@parkhere/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Actor } from '../platform/auth/resolve-actor.ts';
import { ForbiddenError } from '../platform/errors.ts';

/*
 * Who may see and change what (DESIGN §1, §5): the one place the access rules live. Row rules are SQL
 * predicates over a table alias so lists, look-ups and relation calls filter in the database.
 */

export type ActorScope = {
  userId: string;
  email: string;
  isAdministrator: boolean;
  isDoorman: boolean;
};

/**
 * The actor and the instant their request is decided at: the app's clock, read once per request. `recall`
 * answers a rarely changing read (the rule settings) from the app's recent reads when it has it.
 */
export type RequestScope = ActorScope & {
  now: Date;
  recall?: <T>(key: string, read: () => Promise<T>) => Promise<T>;
};

export const scopeOf = (actor: Actor): ActorScope => ({
  userId: actor.user.id,
  email: actor.user.email,
  isAdministrator: actor.user.isAdministrator,
  isDoorman: actor.isDoorman,
});

export type Predicate = RawBuilder<unknown>;

const always: Predicate = sql`TRUE`;
const never: Predicate = sql`FALSE`;
const column = (alias: string, name: string) => sql.raw(`${alias}.${name}`);

/** Access points by audience: everyone else gets 403 PERMISSION_DENIED. */
export const assertAccessPoint = (accessPoint: AccessPointName, scope: ActorScope): void => {
  if (!mayUseAccessPoint(accessPoint, scope)) {
    throw new ForbiddenError('PERMISSION_DENIED');
  }
};

/** Wider audiences first: a type reached from several access points is as open as the widest of them. */
const WIDTH: Record<Audience, number> = { signedIn: 3, user: 3, doorman: 2, administrator: 1 };

/** Every type reachable from the access point: its target, relation targets, operation inputs and outputs. */
const reachableFrom = (start: TransferName): Set<TransferName> => {
  const seen = new Set<TransferName>();
  const pending: TransferName[] = [start];
  for (let type = pending.pop(); type !== undefined; type = pending.pop()) {
    if (seen.has(type)) {
      continue;
    }
    seen.add(type);
    const definition = transferTypes[type];
    const relations: Readonly<Record<string, RelationDef>> = definition.relations;
    const operations: Readonly<Record<string, OperationDef>> = definition.operations;
    for (const relation of Object.values(relations)) {
      pending.push(relation.target as TransferName);
    }
    for (const operation of Object.values(operations)) {
      for (const next of [operation.input, operation.output]) {
        if (next !== null) {
          pending.push(next as TransferName);
        }
      }
    }
  }
  return seen;
};

/**
 * Who may use a transfer type's calls that name no stored row (templates, forms, panels): the widest
 * audience of the access points it is reached from, so an admin-only form stays admin-only.
 */
export const TYPE_AUDIENCES: Readonly<Partial<Record<TransferName, Audience>>> = (() => {
  const audiences: Partial<Record<TransferName, Audience>> = {};
  for (const accessPoint of Object.values(accessPoints)) {
    for (const type of reachableFrom(accessPoint.target as TransferName)) {
      const current = audiences[type];
      if (current === undefined || WIDTH[accessPoint.audience] > WIDTH[current]) {
        audiences[type] = accessPoint.audience;
      }
    }
  }
  return audiences;
})();

/** 403 PERMISSION_DENIED outside the type's audience; a type no access point reaches is administrators'. */
export const assertTypeAudience = (type: TransferName, scope: ActorScope): void => {
  if (!isInAudience(TYPE_AUDIENCES[type] ?? 'administrator', scope)) {
    throw new ForbiddenError('PERMISSION_DENIED');
  }
};

export const adminOnly = (scope: ActorScope): Predicate => (scope.isAdministrator ? always : never);

/** Administrators see every row; others the rows whose `ownerColumn` is themselves. */
export const ownRows =
  (ownerColumn: string) =>
  (alias: string, scope: ActorScope): Predicate =>
    scope.isAdministrator ? always : sql`${column(alias, ownerColumn)} = ${scope.userId}`;

/** The actor's own user row only, administrators included (profile settings are personal). */
export const selfOnly = (alias: string, scope: ActorScope): Predicate =>
  sql`${column(alias, 'id')} = ${scope.userId}`;

/** Garages the actor is a doorman of (their email matches a configured doorman). */
export const doormanGarages = (garageColumn: RawBuilder<unknown>, scope: ActorScope): Predicate =>
  sql`EXISTS (SELECT 1 FROM doorman_garages dg JOIN doormen d ON d.id = dg.doorman_id
    WHERE lower(d.email) = lower(${scope.email}) AND dg.parking_garage_id = ${garageColumn})`;

/** Garages a user reaches: access, ID card or doorman duty. */
export const visibleGarages = (alias: string, scope: ActorScope): Predicate => {
  if (scope.isAdministrator) {
    return always;
  }
  const id = column(alias, 'id');
  return sql`(EXISTS (SELECT 1 FROM user_accessed_garages ua WHERE ua.parking_garage_id = ${id}
      AND ua.user_id = ${scope.userId})
    OR EXISTS (SELECT 1 FROM user_id_card_garages uc WHERE uc.parking_garage_id = ${id}
      AND uc.user_id = ${scope.userId})
    OR ${doormanGarages(id, scope)})`;
};

/** Active slots of the user's active accessed garages, exclusive or not: both reservable sets below. */
const activeAccessedSlots = (alias: string, userId: RawBuilder<unknown>, exclusive: Predicate): Predicate =>
  sql`(${column(alias, 'is_active')}
    AND ${exclusive}
    AND EXISTS (SELECT 1 FROM user_accessed_garages ua JOIN parking_garages g ON g.id = ua.parking_garage_id
      WHERE ua.user_id = ${userId} AND g.is_active AND g.id = ${column(alias, 'parking_garage_id')}))`;

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
    sql`(NOT ${column(alias, 'is_exclusive')} OR (SELECT u.is_administrator FROM users u WHERE u.id = ${userId}))`,
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
    actorIsAdministrator ? always : sql`NOT ${column(alias, 'is_exclusive')}`,
  );

/** Slots a user may look at: the reservable ones and their own preferred slot. */
export const visibleSlots = (alias: string, scope: ActorScope): Predicate => {
  if (scope.isAdministrator) {
    return always;
  }
  return sql`(${slotsUserMayReserve(alias, sql`${scope.userId}`)}
    OR ${column(alias, 'id')} = (SELECT u.preferred_parking_slot_id FROM users u WHERE u.id = ${scope.userId}))`;
};

/**
 * The instant `now` as SQL: the app's clock, never the database's `now()`, so a pinned test clock and the
 * rules agree with what lists and flags show.
 */
export const instant = (now: Date): Predicate => sql`${now.toISOString()}::timestamptz`;

/** The configured time zone as SQL: the one place a statement reads it (DESIGN §4 Clock and calendar). */
export const configuredTimeZone: Predicate = sql`(SELECT c.time_zone FROM configuration c WHERE c.id = 1)`;

/** The wall clock in the configured time zone at an instant (a `timestamp` without zone). */
export const configuredWallClock = (at: Predicate): Predicate =>
  sql`(${at} AT TIME ZONE ${configuredTimeZone})`;

/** Today in the configured time zone: reservation dates are wall-clock dates there (DESIGN §4). */
export const configuredToday = (now: Date): Predicate => sql`${configuredWallClock(instant(now))}::date`;

/**
 * Reservations: administrators all, users their own, doormen also today's in their garages (their arrivals,
 * DESIGN §1); any other day's is foreign to a doorman, so 404 like anybody else's.
 */
export const visibleReservations = (alias: string, scope: RequestScope): Predicate => {
  if (scope.isAdministrator) {
    return always;
  }
  const own = sql`${column(alias, 'owner_id')} = ${scope.userId}`;
  if (!scope.isDoorman) {
    return own;
  }
  const garage = sql`(SELECT s.parking_garage_id FROM parking_slots s WHERE s.id = ${column(alias, 'parking_slot_id')})`;
  return sql`(${own} OR (${column(alias, 'date')} = ${configuredToday(scope.now)} AND ${doormanGarages(garage, scope)}))`;
};

/** Users pick themselves in forms; administrators pick anyone. */
export const usersForInput = (alias: string, scope: ActorScope): Predicate =>
  scope.isAdministrator ? always : selfOnly(alias, scope);

export const TRUE_PREDICATE = always;
export const FALSE_PREDICATE = never;
