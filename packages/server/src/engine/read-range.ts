import { headers, parseRangeRequest, type TransferName, transferTypes } from '@parkhere/contract';
import { sql } from 'kysely';
import { EntityNotFoundError, orNotFound, ValidationError } from '../platform/errors.ts';
import { defaultInstance, type EndpointOf, type EngineContext, type EngineReply, header } from './context.ts';
import { verifyIdentifier } from './identity.ts';
import { list, listReply, relationSourceOf, relationTarget } from './read.ts';
import { entitySourceOf, sourceOf } from './registry.ts';
import { type DraftRefs, ref, type Sql } from './source.ts';

/*
 * `~range`: the candidates a relation's owner may pick from, for a stored owner or a draft the client is
 * still filling in (SPEC §7).
 */

const signedOf = (value: unknown): unknown =>
  typeof value === 'object' && value !== null
    ? (value as { __signedIdentifier?: unknown }).__signedIdentifier
    : undefined;

/** The one-relations a draft already points at, verified. */
export const draftRefs = async (
  context: EngineContext,
  type: TransferName,
  owner: Record<string, unknown> | null,
): Promise<DraftRefs> => {
  const refs: Record<string, string> = {};
  if (owner === null) {
    return refs;
  }
  for (const [name, definition] of Object.entries(
    transferTypes[type].relations as Record<string, { target: string; cardinality: string }>,
  )) {
    const signed = signedOf(owner[name]);
    if (definition.cardinality === 'one' && signed !== undefined) {
      const identity = await verifyIdentifier(
        context.identifiers,
        signed,
        definition.target as TransferName,
        `owner.${name}.__signedIdentifier`,
      );
      refs[name] = identity.id;
    }
  }
  return refs;
};

/** Ids the owner body holds in the relation (for `__selected`), or null when the body does not say. */
const heldIds = async (
  context: EngineContext,
  target: TransferName,
  relation: string,
  owner: Record<string, unknown> | null,
): Promise<string[] | null> => {
  if (owner === null || !(relation in owner)) {
    return null;
  }
  const value = owner[relation];
  const items = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
  const ids: string[] = [];
  for (const [index, item] of items.entries()) {
    const signed = signedOf(item);
    if (signed !== undefined) {
      const location = Array.isArray(value) ? `owner.${relation}[${index}]` : `owner.${relation}`;
      ids.push(
        (await verifyIdentifier(context.identifiers, signed, target, `${location}.__signedIdentifier`)).id,
      );
    }
  }
  return ids;
};

/**
 * `POST services/{Type}/{relation}/~range` with `{owner, queryCustomizer}`: the candidates the owner may
 * pick from; the owner may be a draft without identifier. `X-Judo-MarkSelectedRangeItems: true` adds
 * `__selected` for the ones the owner holds.
 */
export const readRange = async (
  context: EngineContext,
  { type, relation }: EndpointOf<'relation'>,
  body: unknown,
): Promise<EngineReply> => {
  const { target } = relationTarget(type, relation);
  const link = relationSourceOf(context, type, relation);
  const range = orNotFound(link.range);
  const parsed = parseRangeRequest(type, target, body);
  if (!parsed.ok) {
    throw new ValidationError(parsed.errors);
  }
  const { owner, query } = parsed.value;
  const source = entitySourceOf(context, target);
  const ownerSource = sourceOf(context, type);
  let ownerId: Sql | null = null;
  let ownerCheck: Sql | undefined;
  const signed = signedOf(owner);
  if (signed !== undefined && ownerSource.kind === 'entity') {
    const identity = await verifyIdentifier(context.identifiers, signed, type, 'owner.__signedIdentifier');
    ownerId = sql`${identity.id}`;
    // Candidates of a relation the client writes are for an owner the actor may update; a pick-only
    // relation (a form's user's cars) needs the owner visible.
    const updateable = link.write === undefined ? sql`TRUE` : ownerSource.updateable('o', context.scope);
    ownerCheck = sql`EXISTS (SELECT 1 FROM ${sql.raw(ownerSource.table)} o
      WHERE o.id = ${identity.id} AND ${ownerSource.scope('o', context.scope)} AND ${updateable})`;
  } else if (ownerSource.kind === 'entity') {
    // A draft of a stored type: only what a new instance could pick, i.e. the type's own scope decides.
    const fallback = defaultInstance(context.registry.sources, type, context.scope);
    ownerId = fallback === undefined ? null : sql`${fallback}`;
  }
  const refs = await draftRefs(context, type, owner);
  const held = await heldIds(context, target, relation, owner);
  const mark = header(context, headers.markSelectedRangeItems)?.toLowerCase() === 'true';
  const selected = (alias: string): Sql => {
    if (held !== null) {
      return held.length === 0 ? sql`false` : sql`${ref(alias, 'id')}::text IN (${sql.join(held)})`;
    }
    // A link through an empty column compares with NULL: not held, so `false` as the description says.
    return ownerId === null
      ? sql`false`
      : sql`COALESCE((${link.link(ownerId, alias, context.scope)}), false)`;
  };
  const values =
    link.prepareDraft === undefined || owner === null
      ? {}
      : await link.prepareDraft(context.db, context.scope, owner);
  const result = await list(
    context,
    source,
    query,
    (alias) =>
      sql`(${range(ownerId, alias, context.scope, refs, values)} AND ${source.scope(alias, context.scope)})`,
    {
      location: 'queryCustomizer',
      ...(ownerCheck === undefined ? {} : { ownerCheck }),
      ...(mark ? { extra: (alias: string): [string, Sql][] => [['__selected', selected(alias)]] } : {}),
    },
  );
  if (!result.found) {
    throw new EntityNotFoundError();
  }
  return listReply(result);
};
