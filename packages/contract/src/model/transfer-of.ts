import type { AttributeDef, EnumerationDef, OperationDef, RelationDef } from './dsl.ts';

/**
 * Every transfer type by name. transfer-types.ts, which lists them, fills it in (declaration merging), so a
 * relation's target is found by name here without this file importing the list that imports it.
 */
// biome-ignore lint/suspicious/noEmptyInterface: transfer-types.ts merges the list into it
export interface TransferRegistry {}
type TransferName = keyof TransferRegistry;

/** The JUDO metadata every entity carries on the wire (SPEC §3). */
export type EntityMetadata = {
  __identifier?: string;
  __signedIdentifier?: string;
  __version?: number;
  __entityType?: string;
  __deleteable?: boolean;
  __updateable?: boolean;
  __selected?: boolean;
};

export const METADATA_FIELDS = [
  '__identifier',
  '__signedIdentifier',
  '__version',
  '__entityType',
  '__deleteable',
  '__updateable',
  '__selected',
] as const;

/** Dates, times, timestamps and file tokens travel as strings (SPEC §3). */
export type AttributeValue<A> = A extends { type: 'integer' }
  ? number
  : A extends { type: 'boolean' }
    ? boolean
    : A extends { type: 'enumeration'; enumeration: EnumerationDef<infer V> }
      ? V
      : A extends { type: 'string' | 'date' | 'time' | 'timestamp' | 'binary' }
        ? string
        : never;

type RequiredKeys<As> = { [K in keyof As]: As[K] extends { required: true } ? K : never }[keyof As];

type RelationValue<R> =
  R extends RelationDef<infer Target, infer C>
    ? Target extends TransferName
      ? C extends 'many'
        ? TransferOf<TransferRegistry[Target]>[]
        : TransferOf<TransferRegistry[Target]> | null
      : never
    : never;

type Shape = {
  readonly attributes: Readonly<Record<string, AttributeDef>>;
  readonly relations: Readonly<Record<string, RelationDef>>;
};

/** The attributes that are not required, each optional and possibly null, on the wire in either direction. */
type OptionalAttributes<D extends Shape> = {
  -readonly [K in Exclude<keyof D['attributes'], RequiredKeys<D['attributes']>>]?: AttributeValue<
    D['attributes'][K]
  > | null;
};

/** The wire shape of a transfer type: `type Car = TransferOf<typeof Car>`. */
export type TransferOf<D extends Shape> = EntityMetadata &
  OptionalAttributes<D> & {
    -readonly [K in RequiredKeys<D['attributes']>]: AttributeValue<D['attributes'][K]>;
  } & {
    -readonly [K in keyof D['relations']]?: RelationValue<D['relations'][K]>;
  };

type Reference<R> =
  R extends RelationDef<string, infer C>
    ? C extends 'many'
      ? EntityMetadata[]
      : EntityMetadata | null
    : never;

/**
 * A body as a client sends it for the server to judge: every required attribute named, though possibly still
 * empty (null), because the server answers an empty required field with its 400 item on that field; the other
 * attributes optional; related instances by reference (their signed identifier).
 */
export type BodyOf<D extends Shape> = EntityMetadata &
  OptionalAttributes<D> & {
    -readonly [K in RequiredKeys<D['attributes']>]: AttributeValue<D['attributes'][K]> | null;
  } & {
    -readonly [K in keyof D['relations']]?: Reference<D['relations'][K]>;
  };

/** A body of the transfer type named `N`: `TransferBody<'HolidayInput'>`. */
export type TransferBody<N extends TransferName> = BodyOf<TransferRegistry[N]>;

/** Attribute names of a transfer type. */
export type AttributeName<N extends TransferName> = keyof TransferRegistry[N]['attributes'] & string;
/** Relation names of a transfer type. */
export type RelationName<N extends TransferName> = keyof TransferRegistry[N]['relations'] & string;
/** Operation names of a transfer type. */
export type OperationName<N extends TransferName> = keyof TransferRegistry[N]['operations'] & string;

type OperationsOf<N extends TransferName> = TransferRegistry[N]['operations'];

/** What an operation answers of a transfer type named by string, or undefined where it names none. */
type AnswerOf<Name> = Name extends TransferName ? TransferOf<TransferRegistry[Name]> : undefined;
/** What an operation takes of a transfer type named by string, or undefined where it names none. */
type BodyNamed<Name> = Name extends TransferName ? TransferBody<Name> : undefined;

/*
 * An operation's body and answer on the wire, from the model. Both distribute over a union of types and names,
 * so code that calls whichever type's operations a table lists gets the bodies and answers of all of them.
 */

/** The body operation `O` of `N` takes: a body of its input type, or undefined when it takes none. */
export type OperationInput<N extends TransferName, O extends string> = N extends TransferName
  ? O extends OperationName<N>
    ? OperationsOf<N>[O] extends OperationDef<infer Input>
      ? BodyNamed<Input>
      : never
    : never
  : never;

/** What operation `O` of `N` answers: its output type's wire shape (a list for `many`), undefined for none. */
export type OperationOutput<N extends TransferName, O extends string> = N extends TransferName
  ? O extends OperationName<N>
    ? OperationsOf<N>[O] extends OperationDef<string | null, infer Output, infer C>
      ? C extends 'many'
        ? AnswerOf<Output>[]
        : AnswerOf<Output>
      : never
    : never
  : never;
