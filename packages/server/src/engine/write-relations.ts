import { headers, type TransferName, transferTypes } from '@parkhere/contract';
import { sql } from 'kysely';
import { EntityNotFoundError, orNotFound, ValidationError } from '../platform/errors.ts';
import { type EndpointOf, type EngineContext, type EngineReply, header, resolveInstance } from './context.ts';
import { updateDraftRelation } from './draft-relation.ts';
import { verifyIdentifier } from './identity.ts';
import { addLinks, assertInRange } from './picked-targets.ts';
import { relationSourceOf, relationTarget } from './read.ts';
import { entitySourceOf, sourceOf } from './registry.ts';
import type { RelationWrite } from './source.ts';
import { inTransaction, lockRow } from './transaction.ts';
import {
  beforeWrite,
  columnValues,
  fileValues,
  insertRow,
  storedObeyingRules,
  type Values,
  validated,
} from './write.ts';

/*
 * Relation updates of DESIGN §5: ~set/~unset/~add/~remove on a stored owner's link, ~create/~validate of a
 * new target row pointing back at it; a form's draft relations are answered by draft-relation.ts.
 */

/** The owner of a relation update: visible and theirs to change. */
const lockOwner = async (context: EngineContext, type: TransferName): Promise<string> => {
  const instance = await resolveInstance(context, type);
  const source = sourceOf(context, type);
  if (source.kind === 'entity') {
    await lockRow(context, source, instance.id, 'updateable');
  }
  return instance.id;
};

const targetIds = async (context: EngineContext, target: TransferName, body: unknown, many: boolean) => {
  const items = many ? body : [body];
  if (!Array.isArray(items)) {
    throw new ValidationError([{ code: 'CONVERSION_FAILED', level: 'ERROR', location: '' }]);
  }
  const ids: string[] = [];
  for (const [index, item] of items.entries()) {
    const signed =
      typeof item === 'object' && item !== null ? (item as Values).__signedIdentifier : undefined;
    const location = many ? `[${index}].__signedIdentifier` : '__signedIdentifier';
    ids.push((await verifyIdentifier(context.identifiers, signed, target, location)).id);
  }
  return ids;
};

/**
 * The relation by which a row created through `write` points back at its owner (a new slot's garage), if
 * the target has one: the same column seen from the target's side.
 */
const backReferenceOf = (
  context: EngineContext,
  target: TransferName,
  write: RelationWrite,
): string | undefined => {
  if (write.kind !== 'targetColumn' || write.column === null) {
    return undefined;
  }
  return Object.entries(sourceOf(context, target).relations).find(
    ([, relation]) => relation.write?.kind === 'ownerColumn' && relation.write.column === write.column,
  )?.[0];
};

/**
 * A relation ~create's body as the new row will be: its back-reference is the owner of the call, whatever
 * the body says, so a required one (a slot's garage) need not be sent again.
 */
const withOwnerReference = (context: EngineContext, body: unknown, backReference: string | undefined) => {
  const owner = header(context, headers.signedIdentifier);
  if (
    backReference === undefined ||
    owner === undefined ||
    typeof body !== 'object' ||
    body === null ||
    Array.isArray(body)
  ) {
    return body;
  }
  return { ...body, [backReference]: { __signedIdentifier: owner } };
};

/** `POST services/{Type}/~update/{relation}/~set|~unset|~add|~remove|~create|~validate`. */
export const updateRelation = async (
  context: EngineContext,
  { type, relation, call }: EndpointOf<'relationUpdate'>,
  body: unknown,
): Promise<EngineReply> => {
  const { target, cardinality } = relationTarget(type, relation);
  const ownerSource = sourceOf(context, type);
  if (
    ownerSource.kind === 'virtual' &&
    ownerSource.instanceId === null &&
    call !== '~create' &&
    call !== '~validate'
  ) {
    return updateDraftRelation(context, type, relation, call, body);
  }
  const write = orNotFound(relationSourceOf(context, type, relation).write);
  const definition = (transferTypes[type].relations as Record<string, { required: boolean }>)[relation];
  if (call === '~create' || call === '~validate') {
    const values = validated(
      target,
      withOwnerReference(context, body, backReferenceOf(context, target, write)),
      'create',
    );
    const targetSource = entitySourceOf(context, target);
    return inTransaction(context, call === '~validate', async (transaction) => {
      const ownerId = await lockOwner(transaction, type);
      const written = [
        ...columnValues(targetSource, values, null),
        ...(await fileValues(transaction, targetSource, values, null, null)),
      ];
      if (write.kind === 'targetColumn' && write.column !== null) {
        written.push([write.column, ownerId]);
      }
      await beforeWrite(transaction, targetSource, written, null, ownerId);
      const id = await insertRow(transaction, targetSource, written);
      return { body: await storedObeyingRules(transaction, targetSource, id) };
    });
  }
  const ids = call === '~unset' ? [] : await targetIds(context, target, body, cardinality === 'many');
  return inTransaction(context, false, async (transaction) => {
    const ownerId = await lockOwner(transaction, type);
    for (const [index, id] of ids.entries()) {
      if (call !== '~remove') {
        const location = cardinality === 'many' ? `[${index}]` : '';
        await assertInRange(transaction, type, relation, ownerId, id, location);
      }
    }
    const owner = entitySourceOf(context, type);
    switch (write.kind) {
      case 'ownerColumn': {
        if (call === '~unset' && definition?.required === true) {
          throw new ValidationError([
            { code: 'MISSING_REQUIRED_ATTRIBUTE', level: 'ERROR', location: relation },
          ]);
        }
        await sql`UPDATE ${sql.raw(owner.table)} SET ${sql.raw(write.column)} = ${ids[0] ?? null},
          version = version + 1 WHERE id = ${ownerId}`.execute(transaction.db);
        break;
      }
      case 'joinTable': {
        const table = sql.raw(write.table);
        const ownerColumn = sql.raw(write.ownerColumn);
        const targetColumn = sql.raw(write.targetColumn);
        if (call !== '~remove') {
          await addLinks(transaction, write, ownerId, ids, call === '~set');
          break;
        }
        for (const id of ids) {
          await sql`DELETE FROM ${table} WHERE ${ownerColumn} = ${ownerId} AND ${targetColumn} = ${id}`.execute(
            transaction.db,
          );
        }
        break;
      }
      case 'targetColumn': {
        if (call !== '~remove') {
          throw new EntityNotFoundError();
        }
        const targetSource = entitySourceOf(context, target);
        for (const id of ids) {
          const linked = sql`${write.column === null ? sql`TRUE` : sql`${sql.raw(write.column)} = ${ownerId}`}`;
          await sql`DELETE FROM ${sql.raw(targetSource.table)} WHERE id = ${id} AND ${linked}`.execute(
            transaction.db,
          );
        }
        break;
      }
    }
    return { body: undefined };
  });
};
