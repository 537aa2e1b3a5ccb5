import type { TransferName } from '@parkhere/contract';
import { sql } from 'kysely';
import { insertLinks, replaceLinks } from '../platform/db/insert-rows.ts';
import { ValidationError } from '../platform/errors.ts';
import type { EngineContext } from './context.ts';
import { verifyIdentifier } from './identity.ts';
import { relationSourceOf, relationTarget } from './read.ts';
import { entitySourceOf, sourceOf } from './registry.ts';
import type { RelationWrite } from './source.ts';

/*
 * The targets a write picks for a row's relations (a slot's garage, a new user's garages): each named by its
 * signed identifier, verified, and among the relation's candidates for the owner; and the link-table rows that
 * join an owner to them.
 */

type Values = Record<string, unknown>;

/**
 * The one-relations the bodies set on new rows (a slot's garage), each checked against the relation's range:
 * the columns of each body's row, in the order of `bodies`.
 */
export const ownerColumnValues = async (
  context: EngineContext,
  type: TransferName,
  bodies: readonly Values[],
): Promise<[string, unknown][][]> => {
  const values = bodies.map((): [string, unknown][] => []);
  for (const [name, relation] of Object.entries(sourceOf(context, type).relations)) {
    const write = relation.write;
    if (write?.kind !== 'ownerColumn') {
      continue;
    }
    const picked: Picked[] = [];
    for (const [index, body] of bodies.entries()) {
      const [id] = await pickedIds(context, relationTarget(type, name).target, body[name], name);
      if (id !== undefined) {
        picked.push({ id, location: name });
        values[index]?.push([write.column, id]);
      }
    }
    await assertAllInRange(context, type, name, null, picked);
  }
  return values;
};

const isObject = (value: unknown): value is Values =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const signedOf = (value: unknown): unknown => (isObject(value) ? value.__signedIdentifier : undefined);

/** The ids of a value sent for a relation: one entity, a list, or nothing; each signed identifier verified. */
export const pickedIds = async (
  context: EngineContext,
  target: TransferName,
  value: unknown,
  location: string,
): Promise<string[]> => {
  if (value === undefined || value === null) {
    return [];
  }
  const items = Array.isArray(value) ? value : [value];
  const ids: string[] = [];
  for (const [index, item] of items.entries()) {
    const at = Array.isArray(value) ? `${location}[${index}]` : location;
    ids.push(
      (await verifyIdentifier(context.identifiers, signedOf(item), target, `${at}.__signedIdentifier`)).id,
    );
  }
  return ids;
};

type JoinTable = Extract<RelationWrite, { kind: 'joinTable' }>;

/** Link-table rows joining owners to targets, a few statements for all; a link there already stays. */
const insertPairs = (context: EngineContext, write: JoinTable, pairs: readonly [string, string][]) =>
  insertLinks(
    context.db,
    write.table,
    pairs.map(([owner, target]) => ({ [write.ownerColumn]: owner, [write.targetColumn]: target })),
  );

/**
 * Links an owner to targets through a link table; a link it has already stays as it is. `replacing`: the
 * owner's other links go (a ~set).
 */
export const addLinks = async (
  context: EngineContext,
  write: JoinTable,
  ownerId: string,
  ids: readonly string[],
  replacing = false,
): Promise<void> => {
  if (replacing) {
    await sql`DELETE FROM ${sql.raw(write.table)} WHERE ${sql.raw(write.ownerColumn)} = ${ownerId}`.execute(
      context.db,
    );
  }
  await insertPairs(
    context,
    write,
    ids.map((id): [string, string] => [ownerId, id]),
  );
};

/** A stored owner and the targets a link-table relation of theirs is to be set to. */
export type OwnerLinks = { ownerId: string; ids: readonly string[] };

/**
 * Stored owners' link-table relation set to exactly their `ids` (users' garages by an import), as a relation
 * ~set writes one owner's: every target in the relation's range for its owner (one statement for all owners),
 * then the links that change replaced (a link an owner keeps stays as it is).
 */
export const setLinks = async (
  context: EngineContext,
  type: TransferName,
  relation: string,
  owners: readonly OwnerLinks[],
): Promise<void> => {
  const write = relationSourceOf(context, type, relation).write;
  if (write?.kind !== 'joinTable') {
    throw new Error(`${type}.${relation} is no link-table relation`);
  }
  const pairs = owners.flatMap(({ ownerId, ids }) => ids.map((id) => [ownerId, id] as const));
  if (pairs.length > 0) {
    const { target } = relationTarget(type, relation);
    const targetSource = entitySourceOf(context, target);
    const range = relationSourceOf(context, type, relation).range;
    const owner = sql`p.${sql.raw(write.ownerColumn)}`;
    const rows = pairs.map(([ownerId, id]) => ({ [write.ownerColumn]: ownerId, [write.targetColumn]: id }));
    const accepted = await sql<{ pair: string }>`SELECT ${owner}::text || '/' || t.id::text AS pair
      FROM json_populate_recordset(NULL::${sql.raw(write.table)}, ${JSON.stringify(rows)}::json) p
        JOIN ${sql.raw(targetSource.table)} t ON t.id = p.${sql.raw(write.targetColumn)}
      WHERE ${range === undefined ? sql`TRUE` : range(owner, 't', context.scope, {})}
        AND ${targetSource.scope('t', context.scope)}`.execute(context.db);
    const inRange = new Set(accepted.rows.map((row) => row.pair));
    for (const { ownerId, ids } of owners) {
      const refused = ids.findIndex((id) => !inRange.has(`${ownerId}/${id}`));
      if (refused >= 0) {
        throw new ValidationError([
          { code: 'NOT_ACCEPTED_BY_RANGE', level: 'ERROR', location: `${relation}[${refused}]` },
        ]);
      }
    }
  }
  await replaceLinks(
    context.db,
    write,
    owners.map(({ ownerId }) => ownerId),
    pairs,
  );
};

/**
 * The link-table relations the bodies of creates set (a new user's garages): each target's identifier verified
 * and in the relation's range, before the rows are made; `link` adds them once they are (their ids in the order
 * of `bodies`).
 */
export const linkedRelations = async (
  context: EngineContext,
  type: TransferName,
  bodies: readonly Values[],
) => {
  const links: { write: JoinTable; ids: string[][] }[] = [];
  for (const [name, relation] of Object.entries(sourceOf(context, type).relations)) {
    if (relation.write?.kind !== 'joinTable' || !bodies.some((body) => Array.isArray(body[name]))) {
      continue;
    }
    const ids: string[][] = [];
    const picked: Picked[] = [];
    for (const body of bodies) {
      const items = body[name];
      const own = Array.isArray(items)
        ? await pickedIds(context, relationTarget(type, name).target, items, name)
        : [];
      ids.push(own);
      picked.push(...own.map((id, index) => ({ id, location: `${name}[${index}]` })));
    }
    await assertAllInRange(context, type, name, null, picked);
    links.push({ write: relation.write, ids });
  }
  return {
    link: async (ownerIds: readonly string[]) => {
      for (const { write, ids } of links) {
        await insertPairs(
          context,
          write,
          ownerIds.flatMap((owner, index) => (ids[index] ?? []).map((id): [string, string] => [owner, id])),
        );
      }
    },
  };
};

/** A target a write picks, and where the body names it. */
type Picked = { id: string; location: string };

/**
 * 400 NOT_ACCEPTED_BY_RANGE at the first target that is not among the relation's candidates for this owner:
 * one statement for all of them.
 */
export const assertAllInRange = async (
  context: EngineContext,
  type: TransferName,
  relation: string,
  ownerId: string | null,
  picked: readonly Picked[],
): Promise<void> => {
  const distinct = [...new Set(picked.map(({ id }) => id))];
  if (distinct.length === 0) {
    return;
  }
  const { target } = relationTarget(type, relation);
  const targetSource = entitySourceOf(context, target);
  const range = relationSourceOf(context, type, relation).range;
  const predicate =
    range === undefined
      ? sql`TRUE`
      : range(ownerId === null ? null : sql`${ownerId}`, 't', context.scope, {});
  const result = await sql<{ id: string }>`SELECT t.id::text AS id FROM ${sql.raw(targetSource.table)} t
    WHERE t.id IN (${sql.join(distinct)}) AND ${predicate} AND ${targetSource.scope('t', context.scope)}`.execute(
    context.db,
  );
  const accepted = new Set(result.rows.map((row) => row.id));
  const refused = picked.find(({ id }) => !accepted.has(id));
  if (refused !== undefined) {
    throw new ValidationError([
      { code: 'NOT_ACCEPTED_BY_RANGE', level: 'ERROR', location: refused.location },
    ]);
  }
};

/** 400 NOT_ACCEPTED_BY_RANGE unless the target is among the relation's candidates for this owner. */
export const assertInRange = (
  context: EngineContext,
  type: TransferName,
  relation: string,
  ownerId: string | null,
  targetId: string,
  location: string,
): Promise<void> => assertAllInRange(context, type, relation, ownerId, [{ id: targetId, location }]);
