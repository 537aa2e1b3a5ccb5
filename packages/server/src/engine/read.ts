import {
  type AccessPointName,
  accessPoints,
  defaultMask,
  headers,
  type Query,
  type TransferName,
  transferTypes,
} from '@parkhere/contract';
import { sql } from 'kysely';
import { EntityNotFoundError, orNotFound } from '../platform/errors.ts';
import { assertAccessPoint } from './access.ts';
import { assertNestedLists, enterLaneIfHeavy, pageLimit, tooManyItems } from './answer-limits.ts';
import {
  defaultInstance,
  type EngineContext,
  type EngineReply,
  header,
  parseQuery,
  presenterOf,
  queryIds,
  resolveInstance,
} from './context.ts';
import { rethrowDatabaseError } from './database-errors.ts';
import { present } from './present.ts';
import { entitySourceOf, sourceOf } from './registry.ts';
import { aliases, type ListSpec, listParts, listStatement, virtualObject } from './select.ts';
import { type EntitySource, ref, type Sql } from './source.ts';

type ListResult = { items: unknown[]; total: string | null; found: boolean };

/** Where a regular expression PostgreSQL refuses (SQLSTATE 2201B) came from: the first `matches` filter. */
const regexLocation = (query: Query, prefix: string): string => {
  const filter = query.filters.find((candidate) => candidate.operator === 'matches');
  if (filter === undefined) {
    return prefix;
  }
  const index = query.filters.filter((candidate) => candidate.attribute === filter.attribute).indexOf(filter);
  const location = `${filter.attribute}[${index}].value`;
  return prefix === '' ? location : `${prefix}.${location}`;
};

type ListRow = { found: boolean; total: string | number | null; items: unknown[] | null };

/** The list's one statement, its rows as the database built them (not yet presented). */
export const listRow = async (context: EngineContext, spec: ListSpec, location = ''): Promise<ListRow> => {
  // Raw SQL with plain column names: the camel-case plugin would only copy its whole tree.
  const result = await listStatement(spec)
    .execute(context.db.withoutPlugins())
    .catch((error: unknown) => {
      const code = (error as { code?: unknown } | null)?.code;
      return rethrowDatabaseError(
        context.registry.constraints,
        code === '2201B' ? regexLocation(spec.query, location) : location,
      )(error);
    });
  return result.rows[0] as ListRow;
};

const runList = async (context: EngineContext, given: ListSpec, location = ''): Promise<ListResult> => {
  const mask = given.query.mask ?? defaultMask(given.source.type);
  const requested = given.query.seek.limit;
  const limit = pageLimit(given.source.type, mask, requested, location);
  await enterLaneIfHeavy(context, given.source.type, mask, requested ?? limit);
  // Without a page size the list is read up to one over the limit: more is a 400, never a silent cut.
  const spec =
    requested === null
      ? { ...given, query: { ...given.query, seek: { ...given.query.seek, limit: limit + 1 } } }
      : given;
  const row = await listRow(context, spec, location);
  const items = row.items ?? [];
  if (requested === null && items.length > limit) {
    throw tooManyItems(location, limit);
  }
  assertNestedLists(items, spec.source.type, mask, location);
  if (spec.query.seek.reverse) {
    items.reverse();
  }
  await present(items, presenterOf(context));
  return { items, total: row.total === null ? null : String(row.total), found: row.found };
};

const wantsCount = (context: EngineContext) =>
  header(context, headers.countRecords)?.toLowerCase() === 'true';

export const listReply = (result: ListResult): EngineReply => ({
  body: result.items,
  ...(result.total === null ? {} : { headers: { [headers.count]: result.total } }),
});

export const list = async (
  context: EngineContext,
  source: EntitySource,
  query: Query,
  where: (alias: string) => Sql,
  options: { location?: string; ownerCheck?: Sql; extra?: ListSpec['extra'] } = {},
): Promise<ListResult> => {
  const { id, lastId } = await queryIds(context, source.type, query, options.location);
  return runList(
    context,
    {
      registry: context.registry,
      source,
      query,
      where,
      scope: context.scope,
      id,
      lastId,
      count: wantsCount(context),
      ...(options.ownerCheck === undefined ? {} : { ownerCheck: options.ownerCheck }),
      ...(options.extra === undefined ? {} : { extra: options.extra }),
    },
    options.location,
  );
};

/** A panel or form instance: one statement building its JSON. */
const virtualInstance = async (context: EngineContext, type: TransferName, id: string, query: Query) => {
  const mask = query.mask ?? defaultMask(type);
  pageLimit(type, mask, 1, '');
  await enterLaneIfHeavy(context, type, mask, 1);
  const statement = sql`SELECT ${virtualObject(context.registry, sourceOf(context, type), mask, id, context.scope, aliases())} AS item`;
  const result = await statement
    .execute(context.db)
    .catch(rethrowDatabaseError(context.registry.constraints));
  const row = result.rows[0] as { item: unknown };
  assertNestedLists([row.item], type, mask, '');
  return present(row.item, presenterOf(context));
};

/** One stored instance by id within the actor's scope, or 404. */
export const NO_QUERY: Query = {
  mask: null,
  identifier: null,
  seek: { limit: null, lastItem: null, reverse: false },
  orderBy: [],
  filters: [],
};

export const storedInstance = async (
  context: EngineContext,
  source: EntitySource,
  id: string,
  query: Query = NO_QUERY,
) => {
  const result = await runList(context, {
    registry: context.registry,
    source,
    query: { ...query, filters: [], orderBy: [], seek: { limit: 1, lastItem: null, reverse: false } },
    where: (alias) => source.scope(alias, context.scope),
    scope: context.scope,
    id,
    lastId: null,
    count: false,
  });
  return orNotFound(result.items[0]);
};

/**
 * Several stored instances by id within the actor's scope, in the order of `ids`, in one statement (a LONG
 * series answers each of its days); 404 when any is not visible.
 */
export const storedInstances = async (
  context: EngineContext,
  source: EntitySource,
  ids: readonly string[],
) => {
  if (ids.length === 0) {
    return [];
  }
  const result = await runList(context, {
    registry: context.registry,
    source,
    query: { ...NO_QUERY, seek: { limit: ids.length, lastItem: null, reverse: false } },
    where: (alias) =>
      sql`(${source.scope(alias, context.scope)} AND ${ref(alias, 'id')} IN (${sql.join([...ids])}))`,
    scope: context.scope,
    id: null,
    lastId: null,
    count: false,
  });
  return inOrderOf(ids, result.items);
};

/** `items` in the order of `ids`; 404 when one is missing (not visible to the actor). */
const inOrderOf = (ids: readonly string[], items: unknown[]): unknown[] => {
  const byId = new Map(
    items.map((item) => [String((item as { __identifier?: unknown }).__identifier), item]),
  );
  return ids.map((id) => orNotFound(byId.get(id)));
};

/**
 * What `storedInstances` answers, as one JSON array expression over the rows the data-modifying CTE `cte`
 * returns (every column of the source's table, named): an operation can write and answer in one statement.
 * `presentWritten` finishes the array that statement read.
 */
export const writtenInstances = (context: EngineContext, source: EntitySource, cte: string): Sql =>
  listParts({
    registry: context.registry,
    source,
    query: NO_QUERY,
    where: (alias) => source.scope(alias, context.scope),
    scope: context.scope,
    id: null,
    lastId: null,
    count: false,
    from: sql.raw(cte),
  }).items;

export const presentWritten = async (
  context: EngineContext,
  ids: readonly string[],
  items: unknown[],
): Promise<unknown[]> => {
  await present(items, presenterOf(context));
  return inOrderOf(ids, items);
};

/** `POST services/Actor/{ap}/~list|~get`. */
export const readAccessPoint = async (
  context: EngineContext,
  accessPoint: AccessPointName,
  call: '~list' | '~get',
  body: unknown,
): Promise<EngineReply> => {
  assertAccessPoint(accessPoint, context.scope);
  const definition = accessPoints[accessPoint];
  const type = definition.target as TransferName;
  const query = parseQuery(type, body);
  if (definition.cardinality === 'one') {
    const id = orNotFound(defaultInstance(context.registry.sources, type, context.scope));
    const source = sourceOf(context, type);
    const item =
      source.kind === 'virtual'
        ? await virtualInstance(context, type, id, query)
        : await storedInstance(context, source, id, query);
    return { body: call === '~get' ? item : [item] };
  }
  const { source, where } = accessPointList(context, accessPoint, undefined);
  const result = await list(context, source, query, where);
  if (call === '~get') {
    return { body: orNotFound(result.items[0]) };
  }
  return listReply(result);
};

/** `POST services/{Type}/~get` with `X-Judo-SignedIdentifier`. */
export const readInstance = async (
  context: EngineContext,
  type: TransferName,
  body: unknown,
): Promise<EngineReply> => {
  const instance = await resolveInstance(context, type);
  const query = parseQuery(type, body);
  const source = sourceOf(context, type);
  if (source.kind === 'virtual') {
    return { body: await virtualInstance(context, type, instance.id, query) };
  }
  return { body: await storedInstance(context, source, instance.id, query) };
};

/** The target of a relation as the contract declares it. */
export const relationTarget = (type: TransferName, relation: string) => {
  const definition = orNotFound(
    (transferTypes[type].relations as Record<string, { target: string; cardinality: string }>)[relation],
  );
  return { target: definition.target as TransferName, cardinality: definition.cardinality };
};

export const relationSourceOf = (context: EngineContext, type: TransferName, relation: string) =>
  orNotFound(sourceOf(context, type).relations[relation]);

/** Which rows a list reads (its source, the body's query and its row scope), before any page of them. */
export type ListRequest = {
  source: EntitySource;
  query: Query;
  where: (alias: string) => Sql;
  ownerCheck?: Sql;
};

/** The rows of a list access point: its type's rows within the actor's scope. */
export const accessPointList = (
  context: EngineContext,
  accessPoint: AccessPointName,
  body: unknown,
): ListRequest => {
  assertAccessPoint(accessPoint, context.scope);
  const type = accessPoints[accessPoint].target as TransferName;
  const source = entitySourceOf(context, type);
  // Some access points list only some of their type's rows (the failing jobs of every job).
  const listed = context.registry.accessPointRows?.[accessPoint];
  return {
    source,
    query: parseQuery(type, body),
    where: (alias) =>
      listed === undefined
        ? source.scope(alias, context.scope)
        : sql`(${source.scope(alias, context.scope)} AND ${listed(alias, context.scope)})`,
  };
};

/** The rows of a relation: the owner from the header (checked in the list's statement), its linked rows. */
export const relationList = async (
  context: EngineContext,
  type: TransferName,
  relation: string,
  body: unknown,
): Promise<ListRequest> => {
  const { target } = relationTarget(type, relation);
  const link = relationSourceOf(context, type, relation);
  const owner = await resolveInstance(context, type);
  const source = entitySourceOf(context, target);
  const requested = parseQuery(target, body);
  const query =
    requested.orderBy.length === 0 && link.defaultOrder !== undefined
      ? { ...requested, orderBy: link.defaultOrder }
      : requested;
  const ownerId = sql`${owner.id}`;
  return {
    source,
    query,
    where: (alias) =>
      sql`(${link.link(ownerId, alias, context.scope)} AND ${source.scope(alias, context.scope)})`,
    ownerCheck: owner.visible,
  };
};

/** `POST services/{Type}/{relation}/~list|~get`: the owner from the header, 404 when not the actor's to see. */
export const readRelation = async (
  context: EngineContext,
  type: TransferName,
  relation: string,
  call: '~list' | '~get',
  body: unknown,
): Promise<EngineReply> => {
  const { cardinality } = relationTarget(type, relation);
  const { source, query, where, ownerCheck } = await relationList(context, type, relation, body);
  const result = await list(
    context,
    source,
    cardinality === 'one' ? { ...query, seek: { ...query.seek, limit: 1 } } : query,
    where,
    ownerCheck === undefined ? {} : { ownerCheck },
  );
  if (!result.found) {
    throw new EntityNotFoundError();
  }
  if (call === '~get') {
    // SPEC §7: an empty response means "none".
    return { body: result.items[0] };
  }
  return listReply(result);
};
