import {
  type AdditionalDay,
  type CreateCarInput,
  type DoormanInput,
  type OperationDef,
  type TransferName,
  transferTypes,
} from '@parkhere/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { createCar } from '../../domain/cars/create-car.ts';
import { deleteCar } from '../../domain/cars/delete-car.ts';
import { favoriteCar } from '../../domain/cars/favorite-car.ts';
import { createDay } from '../../domain/configuration/create-day.ts';
import { createDoorman } from '../../domain/configuration/create-doorman.ts';
import { EntityNotFoundError } from '../../domain/errors.ts';
import { deleteHoliday } from '../../domain/holidays/delete-holiday.ts';
import type { ActorScope } from '../../domain/policy.ts';
import { entitySourceOf } from '../sources/index.ts';
import type { EngineContext, EngineReply } from './context.ts';
import { verifyIdentifier } from './identity.ts';
import { storedInstance } from './read.ts';
import { inTransaction } from './transaction.ts';
import { boundOwner, validated } from './write.ts';

/*
 * Operations by `Type.operation`: each handler is one business operation of src/domain with a typed input.
 * The engine checks the owner (404 when not the actor's), validates the input, runs the handler in a
 * transaction and answers the output type read back by id. Operations not listed answer 404.
 */

export type OperationCall = {
  db: Kysely<DB>;
  scope: ActorScope;
  /** The bound instance; null for unbound operations. */
  ownerId: string | null;
  input: Record<string, unknown>;
  /** Verified ids of the input's relations, e.g. a new doorman's garages. */
  relationIds: Record<string, string[]>;
};

/** The created or changed instance of the operation's output type, if it has one. */
export type OperationHandler = (call: OperationCall) => Promise<{ id: string } | undefined>;

const owner = (call: OperationCall): string => {
  if (call.ownerId === null) {
    throw new EntityNotFoundError();
  }
  return call.ownerId;
};

// The validated input has its required attributes; the contract's inferred types keep them optional.
export const operations: Record<string, OperationHandler> = {
  'ProfileSettings.createCar': (call) =>
    createCar(call.db, {
      userId: owner(call),
      input: call.input as CreateCarInput & { licensePlate: string },
    }),
  'Car.deleteCar': async (call) => {
    await deleteCar(call.db, { carId: owner(call) });
    return undefined;
  },
  'Car.favoriteCar': async (call) => {
    await favoriteCar(call.db, { carId: owner(call) });
    return undefined;
  },
  'ConfigurationSettings.createDay': (call) =>
    createDay(call.db, {
      input: call.input as AdditionalDay & {
        day: string;
        typeOfDay: NonNullable<AdditionalDay['typeOfDay']>;
      },
    }),
  'ConfigurationSettings.createDoorman': (call) =>
    createDoorman(call.db, {
      input: call.input as DoormanInput & { name: string; email: string },
      garageIds: call.relationIds.accessedGarages ?? [],
    }),
  'Holiday.deleteHoliday': async (call) => {
    await deleteHoliday(call.db, { holidayId: owner(call), scope: call.scope });
    return undefined;
  },
};

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

/** `POST services/{Type}/{operation}`. */
export const runOperation = async (
  context: EngineContext,
  type: TransferName,
  operation: string,
  body: unknown,
): Promise<EngineReply> => {
  const handler = operations[`${type}.${operation}`];
  const definition = (transferTypes[type].operations as Record<string, OperationDef>)[operation];
  if (handler === undefined || definition === undefined) {
    throw new EntityNotFoundError();
  }
  const inputType = definition.input as TransferName | null;
  const input = inputType === null ? {} : validated(inputType, body, 'create');
  const relationIds = inputType === null ? {} : await inputRelationIds(context, inputType, input);
  return inTransaction(context, false, async (transaction) => {
    const ownerId = definition.bound ? await boundOwner(transaction, type) : null;
    const result = await handler({ db: transaction.db, scope: context.scope, ownerId, input, relationIds });
    const output = definition.output as TransferName | null;
    if (output === null || result === undefined) {
      return { body: undefined };
    }
    return { body: await storedInstance(transaction, entitySourceOf(output), result.id) };
  });
};
