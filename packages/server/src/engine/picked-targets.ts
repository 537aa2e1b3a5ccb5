import type { TransferName } from '@parkhere/contract';
import { sql } from 'kysely';
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

/** A one-relation the body sets on a new row (a slot's garage), checked against the relation's range. */
export const ownerColumnValues = async (
  context: EngineContext,
  type: TransferName,
  body: Values,
): Promise<[string, unknown][]> => {
  const values: [string, unknown][] = [];
  for (const [name, relation] of Object.entries(sourceOf(context, type).relations)) {
    if (relation.write?.kind !== 'ownerColumn' || body[name] === undefined || body[name] === null) {
      continue;
    }
    const [id] = await pickedIds(context, relationTarget(type, name).target, body[name], name);
    if (id !== undefined) {
      await assertInRange(context, type, name, null, id, name);
      values.push([relation.write.column, id]);
    }
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

/**
 * Links an owner to targets through a link table; a link it has already stays as it is. `replacing`: the
 * owner's other links go (a ~set).
 */
export const addLinks = async (
  context: EngineContext,
  write: Extract<RelationWrite, { kind: 'joinTable' }>,
  ownerId: string,
  ids: readonly string[],
  replacing = false,
): Promise<void> => {
  if (replacing) {
    await sql`DELETE FROM ${sql.raw(write.table)} WHERE ${sql.raw(write.ownerColumn)} = ${ownerId}`.execute(
      context.db,
    );
  }
  for (const id of ids) {
    await sql`INSERT INTO ${sql.raw(write.table)} (${sql.raw(write.ownerColumn)}, ${sql.raw(write.targetColumn)})
      VALUES (${ownerId}, ${id}) ON CONFLICT DO NOTHING`.execute(context.db);
  }
};

/**
 * A stored owner's link-table relation set to exactly `ids` (a user's garages by an import), each target in
 * the relation's range for the owner, as a relation ~set writes it.
 */
export const setLinks = async (
  context: EngineContext,
  type: TransferName,
  relation: string,
  ownerId: string,
  ids: readonly string[],
): Promise<void> => {
  const write = relationSourceOf(context, type, relation).write;
  if (write?.kind !== 'joinTable') {
    throw new Error(`${type}.${relation} is no link-table relation`);
  }
  for (const [index, id] of ids.entries()) {
    await assertInRange(context, type, relation, ownerId, id, `${relation}[${index}]`);
  }
  await addLinks(context, write, ownerId, ids, true);
};

/**
 * The link-table relations a create's body sets (a new user's garages): each target's identifier verified
 * and in the relation's range, before the row is made; `link` adds them once it is.
 */
export const linkedRelations = async (context: EngineContext, type: TransferName, body: Values) => {
  const links: { write: Extract<RelationWrite, { kind: 'joinTable' }>; ids: string[] }[] = [];
  for (const [name, relation] of Object.entries(sourceOf(context, type).relations)) {
    const items = body[name];
    if (relation.write?.kind !== 'joinTable' || !Array.isArray(items)) {
      continue;
    }
    const ids = await pickedIds(context, relationTarget(type, name).target, items, name);
    for (const [index, id] of ids.entries()) {
      await assertInRange(context, type, name, null, id, `${name}[${index}]`);
    }
    links.push({ write: relation.write, ids });
  }
  return {
    link: async (ownerId: string) => {
      for (const { write, ids } of links) {
        await addLinks(context, write, ownerId, ids);
      }
    },
  };
};

/** 400 NOT_ACCEPTED_BY_RANGE unless the target is among the relation's candidates for this owner. */
export const assertInRange = async (
  context: EngineContext,
  type: TransferName,
  relation: string,
  ownerId: string | null,
  targetId: string,
  location: string,
): Promise<void> => {
  const { target } = relationTarget(type, relation);
  const targetSource = entitySourceOf(context, target);
  const range = relationSourceOf(context, type, relation).range;
  const predicate =
    range === undefined
      ? sql`TRUE`
      : range(ownerId === null ? null : sql`${ownerId}`, 't', context.scope, {});
  const result = await sql`SELECT 1 AS one FROM ${sql.raw(targetSource.table)} t
    WHERE t.id = ${targetId} AND ${predicate} AND ${targetSource.scope('t', context.scope)}`.execute(
    context.db,
  );
  if (result.rows.length === 0) {
    throw new ValidationError([{ code: 'NOT_ACCEPTED_BY_RANGE', level: 'ERROR', location }]);
  }
};
