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
import type { Origin } from '../platform/db/actor-stamp.ts';
import { ForbiddenError } from '../platform/errors.ts';

/*
 * Who may see and change what (DESIGN §1, §5), as far as it needs no capability: the actor, access points and
 * type audiences, and the row rules every capability builds on. Row rules are SQL predicates over a table
 * alias so lists, look-ups and relation calls filter in the database; each capability's own predicates live
 * in its module.
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
  /** Where the request came from, for the audit log's stamp; absent outside HTTP. */
  origin?: Origin;
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

/**
 * The instant `now` as SQL: the app's clock, never the database's `now()`, so a pinned test clock and the
 * rules agree with what lists and flags show.
 */
export const instant = (now: Date): Predicate => sql`${now.toISOString()}::timestamptz`;

export const TRUE_PREDICATE = always;
export const FALSE_PREDICATE = never;

/** A row rule that holds for every row (a relation's range open to all). */
export const allRows = (): Predicate => always;
/** A row rule that holds for no row (a type nobody changes or deletes through the API). */
export const noRows = (): Predicate => never;
/** A row rule that holds for every row when the actor is an administrator, for none otherwise. */
export const adminRows = (_alias: string, scope: ActorScope): Predicate => adminOnly(scope);
/** The row rules of a type only administrators list, change and delete. */
export const administeredRows = { scope: adminRows, updateable: adminRows, deleteable: adminRows } as const;
/**
 * The row rules of a type whose rows their owners (and administrators) read and that change only through
 * its operations (a waitlist entry, a draw request).
 */
export const ownReadOnlyRows = (ownerColumn: string) =>
  ({ scope: ownRows(ownerColumn), updateable: noRows, deleteable: noRows }) as const;
