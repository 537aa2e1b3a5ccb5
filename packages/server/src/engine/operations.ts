import { headers, type OperationDef, type TransferName, transferTypes } from '@parkhere/contract';
import { EntityNotFoundError } from '../platform/errors.ts';
import { type EndpointOf, type EngineContext, type EngineReply, presenterOf } from './context.ts';
import { fromDatabaseError } from './database-errors.ts';
import { verifyIdentifier } from './identity.ts';
import { present } from './present.ts';
import { presentWritten, storedInstance, storedInstances, writtenInstances } from './read.ts';
import { entitySourceOf, operationOf, sourceOf } from './registry.ts';
import { inTransaction } from './transaction.ts';
import { boundOwner, validated } from './write.ts';

/*
 * `POST services/{Type}/{operation}`: the registry's handler of the operation does the business. The engine
 * checks the owner (404 when not the actor's), validates the input, runs the handler in a transaction (or
 * lets it open its own, `transactsItself`) and answers the output type read back by id, or what the handler
 * read in the statement that wrote (`written`).
 */

/** Signed identifiers of the input's relation items, verified against each relation's target type. */
const inputRelationIds = async (
  context: EngineContext,
  inputType: TransferName,
  input: Record<string, unknown>,
): Promise<Record<string, string[]>> => {
  const ids: Record<string, string[]> = {};
  const relations = transferTypes[inputType].relations as Record<string, { target: string }>;
  for (const [name, relation] of Object.entries(relations)) {
    const value = input[name];
    const items = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
    const verified: string[] = [];
    for (const [index, item] of items.entries()) {
      const signed =
        typeof item === 'object' && item !== null
          ? (item as Record<string, unknown>).__signedIdentifier
          : undefined;
      const location = Array.isArray(value)
        ? `${name}[${index}].__signedIdentifier`
        : `${name}.__signedIdentifier`;
      verified.push(
        (await verifyIdentifier(context.identifiers, signed, relation.target as TransferName, location)).id,
      );
    }
    ids[name] = verified;
  }
  return ids;
};

/**
 * Outputs of many instances: a stored type answers the list; a result type without a table (e.g.
 * QueryReservationsForHolidayResult) answers its one relation holding them.
 */
const listedOutput = async (
  context: EngineContext,
  output: TransferName,
  ids: string[],
): Promise<unknown> => {
  const source = sourceOf(context, output);
  if (source.kind === 'entity') {
    return storedInstances(context, source, ids);
  }
  const [relation] = Object.entries(transferTypes[output].relations as Record<string, { target: string }>);
  if (relation === undefined) {
    return {};
  }
  const [name, { target }] = relation;
  const targetSource = entitySourceOf(context, target as TransferName);
  return { [name]: await storedInstances(context, targetSource, ids) };
};

/** `POST services/{Type}/{operation}`. */
export const runOperation = async (
  context: EngineContext,
  { type, operation }: EndpointOf<'operation'>,
  body: unknown,
): Promise<EngineReply> => {
  const registered = operationOf(context.registry, type, operation);
  const definition = (transferTypes[type].operations as Record<string, OperationDef>)[operation];
  if (registered === undefined || definition === undefined) {
    throw new EntityNotFoundError();
  }
  const inputType = definition.input as TransferName | null;
  const input = inputType === null ? {} : validated(inputType, body, 'create', definition.optionalInput);
  const relationIds = inputType === null ? {} : await inputRelationIds(context, inputType, input);
  const output = definition.output as TransferName | null;
  const run = async (engine: EngineContext): Promise<EngineReply> => {
    const owner = definition.bound ? await boundOwner(engine, type) : null;
    const instance = (target: TransferName, id: string) =>
      storedInstance(engine, entitySourceOf(context, target), id);
    const result = await registered.handle({
      db: engine.db,
      scope: context.scope,
      now: context.scope.now,
      ownerId: owner?.id ?? null,
      ownerVersion: owner?.version ?? null,
      mailLimits: context.mailLimits,
      input,
      relationIds,
      instance,
      written: (rows) => {
        if (output === null) {
          throw new Error(`${type}.${operation} has no output to answer`);
        }
        return writtenInstances(engine, entitySourceOf(context, output), rows);
      },
    });
    const notices =
      result?.notices === undefined || result.notices.length === 0
        ? {}
        : { headers: { [headers.notice]: result.notices.join(', ') } };
    if (output === null || result === undefined || 'done' in result) {
      return { body: undefined, ...notices };
    }
    if ('value' in result) {
      return { body: await present(result.value, presenterOf(engine)), ...notices };
    }
    if ('answer' in result) {
      return { body: await presentWritten(engine, result.ids, result.answer as unknown[]), ...notices };
    }
    if ('id' in result) {
      return { body: await instance(output, result.id), ...notices };
    }
    return { body: await listedOutput(engine, output, result.ids), ...notices };
  };
  if (registered.transactsItself !== true) {
    return inTransaction(context, false, run);
  }
  try {
    return await run(context);
  } catch (error) {
    throw fromDatabaseError(context.registry.constraints, error);
  }
};
