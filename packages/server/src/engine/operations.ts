import {
  type AdditionalDay,
  type CreateCarInput,
  type DoormanInput,
  type HolidayInput,
  type ModificateReservationInput,
  type OperationDef,
  type ReservationInput,
  type ReservationType,
  type TransferName,
  transferTypes,
} from '@parkhere/contract';
import type { Kysely, RawBuilder } from 'kysely';
import { createCar } from '../modules/cars/create-car.ts';
import { deleteCar } from '../modules/cars/delete-car.ts';
import { favoriteCar } from '../modules/cars/favorite-car.ts';
import { createDay } from '../modules/configuration/create-day.ts';
import { createDoorman } from '../modules/doormen/create-doorman.ts';
import { createHoliday, type HolidayRequest } from '../modules/holidays/create-holiday.ts';
import { deleteHoliday } from '../modules/holidays/delete-holiday.ts';
import { queryReservationsForHoliday } from '../modules/holidays/query-reservations-for-holiday.ts';
import { cancelReservation } from '../modules/reservations/cancel-reservation.ts';
import { createReservation } from '../modules/reservations/create-reservation.ts';
import { deleteReservation } from '../modules/reservations/delete-reservation.ts';
import { modifyReservation } from '../modules/reservations/modify-reservation.ts';
import type { DB } from '../platform/db/schema.ts';
import { ConflictError, EntityNotFoundError } from '../platform/errors.ts';
import { entitySourceOf, sourceOf } from '../registry/sources.ts';
import type { EngineContext, EngineReply } from './context.ts';
import { fromDatabaseError } from './database-errors.ts';
import { verifyIdentifier } from './identity.ts';
import type { ActorScope } from './policy.ts';
import { presentWritten, storedInstance, storedInstances, writtenInstances } from './read.ts';
import { inTransaction } from './transaction.ts';
import { boundOwner, validated } from './write.ts';

/*
 * Operations by `Type.operation`: each handler is one business operation of src/domain with a typed input.
 * The engine checks the owner (404 when not the actor's), validates the input, runs the handler in a
 * transaction (or lets it open its own, `transactsItself`) and answers the output type read back by id, or
 * what the handler read in the statement that wrote (`written`). Operations not listed answer 404.
 */

export type OperationCall = {
  db: Kysely<DB>;
  scope: ActorScope;
  /** The request's instant on the app's clock: the operation's rules and mails use it. */
  now: Date;
  /** The bound instance; null for unbound operations. */
  ownerId: string | null;
  input: Record<string, unknown>;
  /** Verified ids of the input's relations, e.g. a new doorman's garages. */
  relationIds: Record<string, string[]>;
  /** A stored instance as the actor sees it on the wire (e.g. the next free slot of a 409). */
  instance: (type: TransferName, id: string) => Promise<unknown>;
  /**
   * The output as one SQL expression over the rows a data-modifying CTE named `rows` returns (`RETURNING *`),
   * for an operation that writes and answers in one statement (`{ ids, answer }`).
   */
  written: (rows: string) => RawBuilder<unknown>;
};

/**
 * The created or changed instance of the operation's output type, if it has one; `ids` for outputs of
 * cardinality many and for result types that list them in their one relation.
 */
export type OperationResult =
  | { id: string }
  | { ids: string[] }
  | { ids: string[]; answer: unknown }
  | undefined;
export type OperationHandler = (call: OperationCall) => Promise<OperationResult>;

const owner = (call: OperationCall): string => {
  if (call.ownerId === null) {
    throw new EntityNotFoundError();
  }
  return call.ownerId;
};

const relationId = (call: OperationCall, name: string): string | null => call.relationIds[name]?.[0] ?? null;

/** A lost race answers the next free slot as an entity the form can pick (DESIGN §4). */
const withNextFreeSlot = async <T>(call: OperationCall, work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    const nextId = error instanceof ConflictError ? error.details?.nextFreeSlotId : undefined;
    if (!(error instanceof ConflictError) || typeof nextId !== 'string') {
      throw error;
    }
    throw new ConflictError(error.code, { nextFreeSlot: await call.instance('ParkingSlot', nextId) });
  }
};

const reservationOperation =
  (panel: 'user' | 'administration'): OperationHandler =>
  (call) =>
    withNextFreeSlot(call, () =>
      createReservation(call.db, {
        panel,
        scope: call.scope,
        input: call.input as ReservationInput & { reservationType: ReservationType },
        userId: relationId(call, 'user'),
        carId: relationId(call, 'car'),
        slotId: relationId(call, 'parkingSlot'),
        now: call.now,
        answer: call.written,
      }),
    );

const holidayRequest = (call: OperationCall, panel: 'user' | 'administration'): HolidayRequest => {
  const input = call.input as HolidayInput & { startDate: string; endDate: string };
  return {
    panel,
    scope: call.scope,
    userId: relationId(call, 'user'),
    startDate: input.startDate,
    endDate: input.endDate,
    now: call.now,
  };
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
  'UserReservationPanel.reservation': reservationOperation('user'),
  'ReservationsPanel.reservation': reservationOperation('administration'),
  'UserReservation.deleteReservation': async (call) => {
    await deleteReservation(call.db, { reservationId: owner(call), scope: call.scope, now: call.now });
    return undefined;
  },
  'UserReservation.cancelReservation': async (call) => {
    await cancelReservation(call.db, { reservationId: owner(call), scope: call.scope, now: call.now });
    return undefined;
  },
  'UserReservation.modificateReservation': (call) =>
    modifyReservation(call.db, {
      reservationId: owner(call),
      scope: call.scope,
      change: call.input as ModificateReservationInput & { startTime: string; endTime: string },
      now: call.now,
    }),
  'UserReservationPanel.holiday': (call) => createHoliday(call.db, holidayRequest(call, 'user')),
  'HolidayPanel.holiday': (call) => createHoliday(call.db, holidayRequest(call, 'user')),
  'ReservationsPanel.holiday': (call) => createHoliday(call.db, holidayRequest(call, 'administration')),
  'UserForInput.queryReservationsForHoliday': (call) =>
    queryReservationsForHoliday(call.db, holidayRequest(call, 'user')),
  'Holiday.deleteHoliday': async (call) => {
    await deleteHoliday(call.db, { holidayId: owner(call), scope: call.scope, now: call.now });
    return undefined;
  },
};

/**
 * Operations that write reservations, holidays and their jobs only: users, their rights and the configuration
 * stay as they were, so the actors and rule settings the server remembers (RecentReads) stay true.
 */
export const leavesActorsAndSettings: ReadonlySet<string> = new Set([
  'UserReservationPanel.reservation',
  'ReservationsPanel.reservation',
  'UserReservation.deleteReservation',
  'UserReservation.cancelReservation',
  'UserReservation.modificateReservation',
  'UserReservationPanel.holiday',
  'HolidayPanel.holiday',
  'ReservationsPanel.holiday',
  'UserForInput.queryReservationsForHoliday',
  'Holiday.deleteHoliday',
]);

/**
 * Operations that open a transaction themselves when they need one: a reservation create is usually one
 * statement, and a transaction around it would cost two more round trips.
 */
const transactsItself: ReadonlySet<string> = new Set([
  'UserReservationPanel.reservation',
  'ReservationsPanel.reservation',
]);

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
  const source = sourceOf(output);
  if (source.kind === 'entity') {
    return storedInstances(context, source, ids);
  }
  const [relation] = Object.entries(transferTypes[output].relations as Record<string, { target: string }>);
  if (relation === undefined) {
    return {};
  }
  const [name, { target }] = relation;
  const targetSource = entitySourceOf(target as TransferName);
  return { [name]: await storedInstances(context, targetSource, ids) };
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
  const output = definition.output as TransferName | null;
  const run = async (engine: EngineContext): Promise<EngineReply> => {
    const ownerId = definition.bound ? await boundOwner(engine, type) : null;
    const instance = (target: TransferName, id: string) => storedInstance(engine, entitySourceOf(target), id);
    const result = await handler({
      db: engine.db,
      scope: context.scope,
      now: context.scope.now,
      ownerId,
      input,
      relationIds,
      instance,
      written: (rows) => {
        if (output === null) {
          throw new Error(`${type}.${operation} has no output to answer`);
        }
        return writtenInstances(engine, entitySourceOf(output), rows);
      },
    });
    if (output === null || result === undefined) {
      return { body: undefined };
    }
    if ('answer' in result) {
      return { body: await presentWritten(engine, result.ids, result.answer as unknown[]) };
    }
    if ('id' in result) {
      return { body: await instance(output, result.id) };
    }
    return { body: await listedOutput(engine, output, result.ids) };
  };
  if (!transactsItself.has(`${type}.${operation}`)) {
    return inTransaction(context, false, run);
  }
  try {
    return await run(context);
  } catch (error) {
    throw fromDatabaseError(error);
  }
};
