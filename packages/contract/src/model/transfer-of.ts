import type { AttributeDef, EnumerationDef, RelationDef } from './dsl.ts';

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

/** The wire shape of a transfer type: `type Car = TransferOf<typeof Car>`. */
export type TransferOf<D extends Shape> = EntityMetadata & {
  -readonly [K in RequiredKeys<D['attributes']>]: AttributeValue<D['attributes'][K]>;
} & {
  -readonly [K in Exclude<keyof D['attributes'], RequiredKeys<D['attributes']>>]?: AttributeValue<
    D['attributes'][K]
  > | null;
} & {
  -readonly [K in keyof D['relations']]?: RelationValue<D['relations'][K]>;
};

/** Attribute names of a transfer type. */
export type AttributeName<N extends TransferName> = keyof TransferRegistry[N]['attributes'] & string;
/** Relation names of a transfer type. */
export type RelationName<N extends TransferName> = keyof TransferRegistry[N]['relations'] & string;
/** Operation names of a transfer type. */
export type OperationName<N extends TransferName> = keyof TransferRegistry[N]['operations'] & string;
