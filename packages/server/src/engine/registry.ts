import type {
  AccessPointName,
  Notice,
  OperationName,
  TransferName,
  TransferOf,
  TransferTypes,
} from '@parkhere/contract';
import type { Kysely, RawBuilder } from 'kysely';
import type { DB } from '../platform/db/schema.ts';
import { type Constraints, EntityNotFoundError } from '../platform/errors.ts';
import type { MailLimits } from '../platform/mail/mail-limits.ts';
import type { ActorScope, RequestScope } from './access.ts';
import type { EntitySource, RowRule, Source } from './source.ts';

/*
 * What the capabilities hand the engine at start (app.ts → plugin.ts): a source for every transfer type and
 * a handler for every operation, keyed by the model's own names, so a type or an operation the model declares
 * and nobody serves, or a misspelt one, fails to compile. The engine reaches them through its context only.
 */

/** Every transfer type of the contract has exactly one source. */
export type Sources = { readonly [T in TransferName]: Source };

type OperationsOf<T extends TransferName> = TransferTypes[T]['operations'];

/** `Type.operation` for every operation the model declares. */
export type OperationKey = {
  [T in TransferName]: `${T}.${OperationName<T>}`;
}[TransferName];

type InputOf<K extends OperationKey> = K extends `${infer T extends TransferName}.${infer O}`
  ? O extends keyof OperationsOf<T>
    ? OperationsOf<T>[O] extends { input: infer I extends TransferName }
      ? TransferOf<TransferTypes[I]>
      : Record<string, never>
    : never
  : never;

export type OperationCall<Input> = {
  db: Kysely<DB>;
  scope: ActorScope;
  /** The request's instant on the app's clock: the operation's rules and mails use it. */
  now: Date;
  /** The bound instance; null for unbound operations. */
  ownerId: string | null;
  /**
   * The bound instance's version when the caller's signed identifier was handed out (null when the call named
   * no identifier): an operation that must not act on a changed instance compares it with the stored one.
   */
  ownerVersion: number | null;
  /** The budgets of mail to people who did not ask for it, which an operation queueing such mail spends. */
  mailLimits: MailLimits;
  /** The body, validated against the operation's input type. */
  input: Input;
  /** Verified ids of the input's relations, e.g. a new doorman's garages. */
  relationIds: Record<string, string[]>;
  /** A stored instance as the actor sees it on the wire (e.g. the next free slot of a 409). */
  instance: (type: TransferName, id: string) => Promise<unknown>;
  /**
   * The output as one SQL expression over the rows a data-modifying CTE named `rows` returns (every column of
   * the table, named: never `*`, platform/db/column-list.ts),
   * for an operation that writes and answers in one statement (`{ ids, answer }`).
   */
  written: (rows: string) => RawBuilder<unknown>;
};

/**
 * The created or changed instance of the operation's output type, if it has one; `ids` for outputs of
 * cardinality many and for result types that list them in their one relation; `value` for a result type
 * computed, not stored (answered as it is, e.g. a replay); `done` for an operation without an output that has
 * notices. `notices`: what the change did not do (contract NOTICES), in `X-Notice`.
 */
export type OperationResult =
  | ((
      | { id: string }
      | { ids: string[] }
      | { ids: string[]; answer: unknown }
      | { value: Record<string, unknown> }
      | { done: true }
    ) & {
      notices?: readonly Notice[];
    })
  | undefined;

export type Operation<Input = Record<string, unknown>> = {
  // A method, so the engine may hold every operation as one of a plain record input: it validated the body.
  handle(call: OperationCall<Input>): Promise<OperationResult>;
  /**
   * Opens a transaction itself when it needs one: a reservation create is usually one statement, and a
   * transaction around it would cost two more round trips.
   */
  transactsItself?: boolean;
  /**
   * Writes reservations, holidays and their jobs only: users, their rights and the configuration stay as they
   * were, so the actors and rule settings the server remembers (RecentReads) stay true.
   */
  leavesActorsAndSettings?: boolean;
};

export type Operations = { readonly [K in OperationKey]: Operation<InputOf<K>> };

/** The reads a `~template` provider may use: stored relations go out as the actor sees them, signed. */
export type TemplateCall = {
  db: Kysely<DB>;
  scope: RequestScope;
  instance: (type: TransferName, id: string) => Promise<unknown>;
};

/** Defaults of a form that depend on the actor or the clock, on top of the model's static ones. */
export type TemplateProvider = (call: TemplateCall) => Promise<Record<string, unknown>>;

/**
 * Access points that list only some of their type's rows (the failing jobs of every job): a row rule AND-ed
 * with the type's scope. A signed identifier of a row not listed still reaches the type's own calls.
 */
export type AccessPointRows = Partial<Record<AccessPointName, RowRule>>;

export type Registry = {
  sources: Sources;
  operations: Operations;
  accessPointRows?: AccessPointRows;
  templates: Partial<Record<TransferName, TemplateProvider>>;
  /** What the modules' named constraints mean to a client (platform/errors.ts), for the refusals they cause. */
  constraints: Constraints;
};

/** The bound instance of an operation the model declares `bound` (404 when there is none). */
export const ownerOf = (call: { ownerId: string | null }): string => {
  if (call.ownerId === null) {
    throw new EntityNotFoundError();
  }
  return call.ownerId;
};

/**
 * A bound operation that acts on its instance and answers nothing, e.g. deleting a holiday or cancelling a
 * reservation; `act` gets the instance's id (404 when there is none).
 */
export const ownerAction = <Input>(
  act: (call: OperationCall<Input>, ownerId: string) => Promise<void>,
  options: Omit<Operation<Input>, 'handle'>,
): Operation<Input> => ({
  handle: async (call) => {
    await act(call, ownerOf(call));
    return undefined;
  },
  ...options,
});

/**
 * A bound operation that changes its instance and answers only the notices of its change (what it did not do,
 * e.g. a guest's mail over the budget), e.g. deleting a reservation or moving a holiday; `change` gets the
 * instance's id (404 when there is none).
 */
export const ownerChange = <Input>(
  change: (call: OperationCall<Input>, ownerId: string) => Promise<readonly Notice[]>,
  options: Omit<Operation<Input>, 'handle'>,
): Operation<Input> => ({
  handle: async (call) => ({ done: true, notices: await change(call, ownerOf(call)) }),
  ...options,
});

export const operationOf = (registry: Registry, type: TransferName, name: string): Operation | undefined =>
  (registry.operations as Readonly<Record<string, Operation>>)[`${type}.${name}`];

type Serving = { readonly registry: Registry };

export const sourceOf = ({ registry }: Serving, type: TransferName): Source => registry.sources[type];

/** Relation targets are always stored entities. */
export const entitySourceOf = ({ registry }: Serving, type: TransferName): EntitySource => {
  const source = registry.sources[type];
  if (source.kind !== 'entity') {
    throw new Error(`${type} is not a stored entity`);
  }
  return source;
};

/** The verified id of an input's one-relation, null when the input leaves it empty. */
export const relationId = (call: { relationIds: Record<string, string[]> }, name: string): string | null =>
  call.relationIds[name]?.[0] ?? null;
