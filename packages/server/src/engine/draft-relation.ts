import { parseDraftRelationRequest, type TransferName } from '@parkhere/contract';
import { sql } from 'kysely';
import { ValidationError } from '../platform/errors.ts';
import type { EngineContext, EngineReply } from './context.ts';
import { pickedIds } from './picked-targets.ts';
import { relationSourceOf, relationTarget, storedInstance } from './read.ts';
import { draftRefs } from './read-range.ts';
import { entitySourceOf } from './registry.ts';

/*
 * Relation updates on an unsaved form (SPEC §7, e.g. ReservationInput car ~set): there is no row to change,
 * so the call takes the draft in the body, `{owner, value}`, and answers the draft with the relation set.
 * The picked entity must be among the relation's `~range` for this actor and draft. Nothing is stored.
 */

type Values = Record<string, unknown>;
export type DraftRelationCall = '~set' | '~unset' | '~add' | '~remove';

const refuse = (
  code: 'MISSING_REQUIRED_ATTRIBUTE' | 'CONVERSION_FAILED' | 'NOT_ACCEPTED_BY_RANGE',
  location: string,
) => new ValidationError([{ code, level: 'ERROR', location }]);

const inRange = async (
  context: EngineContext,
  type: TransferName,
  relation: string,
  draft: Values,
  ids: string[],
): Promise<void> => {
  const { target } = relationTarget(type, relation);
  const link = relationSourceOf(context, type, relation);
  const range = link.range;
  const refs = await draftRefs(context, type, draft);
  const values =
    link.prepareDraft === undefined ? {} : await link.prepareDraft(context.db, context.scope, draft);
  const table = sql.raw(entitySourceOf(context, target).table);
  for (const [index, id] of ids.entries()) {
    const predicate = range === undefined ? sql`FALSE` : range(null, 't', context.scope, refs, values);
    const found = await sql`SELECT 1 AS one FROM ${table} t WHERE t.id = ${id} AND ${predicate}`.execute(
      context.db,
    );
    if (found.rows.length === 0) {
      throw refuse('NOT_ACCEPTED_BY_RANGE', ids.length > 1 ? `value[${index}]` : 'value');
    }
  }
};

/** `POST services/{Form}/~update/{relation}/~set|~unset|~add|~remove` with `{owner, value}`. */
export const updateDraftRelation = async (
  context: EngineContext,
  type: TransferName,
  relation: string,
  call: DraftRelationCall,
  body: unknown,
): Promise<EngineReply> => {
  const { target, cardinality } = relationTarget(type, relation);
  const parsed = parseDraftRelationRequest(type, body);
  if (!parsed.ok) {
    throw new ValidationError(parsed.errors);
  }
  const { owner: draft, value } = parsed.value;
  const many = cardinality === 'many';
  if (call !== '~unset' && value === undefined) {
    throw refuse('MISSING_REQUIRED_ATTRIBUTE', 'value');
  }
  if (call !== '~unset' && many !== Array.isArray(value)) {
    throw refuse('CONVERSION_FAILED', 'value');
  }
  const sent = call === '~unset' ? [] : await pickedIds(context, target, value, 'value');
  const held = many ? await pickedIds(context, target, draft[relation], `owner.${relation}`) : [];
  if (call !== '~remove') {
    await inRange(context, type, relation, draft, sent);
  }
  const next = (() => {
    switch (call) {
      case '~set':
      case '~unset':
        return sent;
      case '~add':
        return [...held, ...sent.filter((id) => !held.includes(id))];
      case '~remove':
        return held.filter((id) => !sent.includes(id));
    }
  })();
  const source = entitySourceOf(context, target);
  const entities = await Promise.all(next.map((id) => storedInstance(context, source, id)));
  return { body: { ...draft, [relation]: many ? entities : (entities[0] ?? null) } };
};
