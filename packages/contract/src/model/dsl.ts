import type { RuleCode } from './rule-codes.ts';

/**
 * The vocabulary the model is written in: plain `as const` data built by small functions.
 * Relations and operations name their target transfer type by string so the model can be cyclic
 * (a garage lists its slots, a slot points back at its garage) without cyclic value references.
 */

export type EnumerationDef<V extends string = string> = {
  readonly kind: 'enumeration';
  readonly name: string;
  readonly values: readonly V[];
};

export const enumeration = <const V extends string>(
  name: string,
  values: readonly V[],
): EnumerationDef<V> => ({
  kind: 'enumeration',
  name,
  values,
});

export type AttributeType =
  | 'string'
  | 'integer'
  | 'boolean'
  | 'date'
  | 'time'
  | 'timestamp'
  | 'enumeration'
  | 'binary';

/**
 * How a table filters an attribute. SPEC §3 lists all but `time`; time attributes (startTime, …) are
 * filtered like dates, so `time` is our addition with the date operators.
 */
export type FilterKind =
  | 'boolean'
  | 'numeric'
  | 'string'
  | 'enumeration'
  | 'date'
  | 'dateTime'
  | 'time'
  | 'trinaryLogic';

export type AttributeDef = {
  readonly type: AttributeType;
  readonly required: boolean;
  /** Not written by clients: the server ignores it in update and create bodies. */
  readonly readOnly: boolean;
  /** Computed by the server from other data (implies readOnly). */
  readonly derived: boolean;
  readonly maxLength?: number;
  /** A JavaScript and PostgreSQL compatible regular expression the whole value must match. */
  readonly pattern?: string;
  /**
   * Whether the runtime knows the value, where a pattern cannot tell (time zones): a value it does not know
   * is NOT_ACCEPTED_BY_RANGE.
   */
  readonly known?: (value: string) => boolean;
  readonly enumeration?: EnumerationDef;
  /** Absent: the attribute is neither filterable nor sortable. */
  readonly filter?: FilterKind;
  /** The value a new instance starts with: `~template` answers it, the database has the same default. */
  readonly default?: string | number | boolean;
};

type AttributeOptions = {
  readonly default?: string | number | boolean;
  readonly required?: boolean;
  readonly readOnly?: boolean;
  readonly derived?: boolean;
  /** false: not offered as a table filter or sort key. */
  readonly filter?: boolean;
};

type Built<T extends AttributeType, R extends boolean | undefined, Extra = unknown> = {
  readonly type: T;
  readonly required: R extends true ? true : false;
  readonly readOnly: boolean;
  readonly derived: boolean;
  readonly filter?: FilterKind;
  readonly default?: string | number | boolean;
} & Extra;

const build = <T extends AttributeType, R extends boolean | undefined>(
  type: T,
  options: AttributeOptions & { required?: R },
  filter: FilterKind | undefined,
) => {
  const derived = options.derived === true;
  const attribute = {
    type,
    required: (options.required === true) as R extends true ? true : false,
    readOnly: derived || options.readOnly === true,
    derived,
    ...(options.default === undefined ? {} : { default: options.default }),
  };
  return options.filter === false || filter === undefined ? attribute : { ...attribute, filter };
};

export const DEFAULT_MAX_LENGTH = 255;

export const string = <const R extends boolean | undefined = undefined>(
  options: AttributeOptions & {
    required?: R;
    maxLength?: number;
    pattern?: string;
    known?: (value: string) => boolean;
  } = {},
): Built<'string', R, { maxLength: number; pattern?: string; known?: (value: string) => boolean }> => {
  const base = { ...build('string', options, 'string'), maxLength: options.maxLength ?? DEFAULT_MAX_LENGTH };
  return {
    ...base,
    ...(options.pattern === undefined ? {} : { pattern: options.pattern }),
    ...(options.known === undefined ? {} : { known: options.known }),
  };
};

export const integer = <const R extends boolean | undefined = undefined>(
  options: AttributeOptions & { required?: R } = {},
): Built<'integer', R> => build('integer', options, 'numeric');

/** `nullable: true` makes it a yes/no/unknown (trinary) filter, as SPEC §3 does for nullable flags. */
export const boolean = <const R extends boolean | undefined = undefined>(
  options: AttributeOptions & { required?: R; nullable?: boolean } = {},
): Built<'boolean', R> => build('boolean', options, options.nullable === true ? 'trinaryLogic' : 'boolean');

export const date = <const R extends boolean | undefined = undefined>(
  options: AttributeOptions & { required?: R } = {},
): Built<'date', R> => build('date', options, 'date');

export const time = <const R extends boolean | undefined = undefined>(
  options: AttributeOptions & { required?: R } = {},
): Built<'time', R> => build('time', options, 'time');

export const timestamp = <const R extends boolean | undefined = undefined>(
  options: AttributeOptions & { required?: R } = {},
): Built<'timestamp', R> => build('timestamp', options, 'dateTime');

export const enumerated = <V extends string, const R extends boolean | undefined = undefined>(
  enumDef: EnumerationDef<V>,
  options: AttributeOptions & { required?: R } = {},
): Built<'enumeration', R, { enumeration: EnumerationDef<V> }> => ({
  ...build('enumeration', options, 'enumeration'),
  enumeration: enumDef,
});

/** A file: on the wire a download token, written through the upload-token flow of DESIGN §5. */
export const binary = <const R extends boolean | undefined = undefined>(
  options: AttributeOptions & { required?: R } = {},
): Built<'binary', R> => build('binary', { ...options, filter: false }, undefined);

export type Cardinality = 'one' | 'many';
export type RelationUpdate = 'set' | 'unset' | 'add' | 'remove' | 'create';

export type RelationDef<Target extends string = string, C extends Cardinality = Cardinality> = {
  readonly target: Target;
  readonly cardinality: C;
  readonly required: boolean;
  /** `~range` is offered: the candidates a client may pick from. */
  readonly range: boolean;
  readonly updates: readonly RelationUpdate[];
};

export const relation = <const Target extends string, const C extends Cardinality>(
  target: Target,
  cardinality: C,
  options: { required?: boolean; range?: boolean; updates?: readonly RelationUpdate[] } = {},
): RelationDef<Target, C> => ({
  target,
  cardinality,
  required: options.required === true,
  range: options.range === true,
  updates: options.updates ?? [],
});

/**
 * A relation a client writes by picking from its `~range`: one target is set or unset, many are set, added to or
 * removed from.
 */
export const picked = <const Target extends string, const C extends Cardinality>(
  target: Target,
  cardinality: C,
  options: { required?: boolean } = {},
): RelationDef<Target, C> =>
  relation(target, cardinality, {
    ...options,
    range: true,
    updates: cardinality === 'one' ? ['set', 'unset'] : ['set', 'add', 'remove'],
  });

export type OperationDef<
  In extends string | null = string | null,
  Out extends string | null = string | null,
  C extends Cardinality = Cardinality,
> = {
  readonly input: In;
  readonly output: Out;
  readonly outputCardinality: C;
  /** Called on an instance: needs `X-Judo-SignedIdentifier`. */
  readonly bound: boolean;
  /** Required relations of the input this operation does without. */
  readonly optionalInput: readonly string[];
};

export const operation = <
  const In extends string | null = null,
  const Out extends string | null = null,
  const C extends Cardinality = 'one',
>(options: {
  input?: In;
  output?: Out;
  outputCardinality?: C;
  bound: boolean;
  optionalInput?: readonly string[];
}): OperationDef<In, Out, NoInfer<C>> => ({
  input: (options.input ?? null) as In,
  output: (options.output ?? null) as Out,
  outputCardinality: options.outputCardinality ?? ('one' as C),
  bound: options.bound,
  optionalInput: options.optionalInput ?? [],
});

/** The stored things a transfer type reads from; the server maps each to its table. */
export type EntityName =
  | 'User'
  | 'Car'
  | 'ParkingGarage'
  | 'ParkingSlot'
  | 'Reservation'
  | 'Holiday'
  | 'AdditionalDay'
  | 'Configuration'
  | 'Doorman'
  | 'WaitlistEntry'
  | 'DrawRequest'
  | 'Draw'
  | 'DrawPriority'
  | 'Job'
  | 'AuditEntry'
  | 'Group';

/**
 * Two attributes of one instance whose values must come in order (working hours): `to` strictly after `from`,
 * reported on `to` as END_NOT_AFTER_START, as the reservation rules do. Times compare as their wire strings.
 */
export type OrderRule = { readonly from: string; readonly to: string };

export const endsAfter = <const F extends string, const T extends string>(from: F, to: T) =>
  ({ from, to }) as const satisfies OrderRule;

/** A rule over several attributes that an order cannot say (an additional day's day and type). */
export type InstanceCheck = (
  values: Readonly<Record<string, unknown>>,
) => readonly { readonly code: RuleCode; readonly location: string }[];

export type TransferDef = {
  readonly name: string;
  readonly entityType: string;
  /** null: an unmapped transfer type (an input form or a panel computed per actor). */
  readonly entity: EntityName | null;
  readonly attributes: Readonly<Record<string, AttributeDef>>;
  readonly relations: Readonly<Record<string, RelationDef>>;
  readonly operations: Readonly<Record<string, OperationDef>>;
  readonly order: readonly OrderRule[];
  /** Judged, like `order`, on every body that carries its attributes and on every row as written. */
  readonly check?: InstanceCheck;
  /** Which instance calls exist: `~get`, `~update`, `~delete`, `~validate` and `GET ~template`. */
  readonly updatable: boolean;
  readonly deletable: boolean;
  readonly template: boolean;
};

export const transfer = <
  const N extends string,
  const A extends Record<string, AttributeDef>,
  const R extends Record<string, RelationDef> = Record<never, RelationDef>,
  const O extends Record<string, OperationDef> = Record<never, OperationDef>,
>(
  name: N,
  definition: {
    entity: EntityName | null;
    attributes: A;
    relations?: R;
    operations?: O;
    order?: readonly OrderRule[];
    check?: InstanceCheck;
    updatable?: boolean;
    deletable?: boolean;
    template?: boolean;
  },
) => ({
  name,
  entityType: `ParkHere::${name}` as const,
  entity: definition.entity,
  attributes: definition.attributes,
  relations: (definition.relations ?? {}) as R,
  operations: (definition.operations ?? {}) as O,
  order: definition.order ?? [],
  ...(definition.check === undefined ? {} : { check: definition.check }),
  updatable: definition.updatable === true,
  deletable: definition.deletable === true,
  template: definition.template === true,
});

/** Who may use an access point. `user`: any provisioned user (administrators included). */
export type Audience = 'administrator' | 'user' | 'doorman' | 'signedIn';

export type AccessPointDef<Target extends string = string> = {
  readonly name: string;
  readonly target: Target;
  readonly cardinality: Cardinality;
  readonly audience: Audience;
  /** `~update/{ap}/~create` and its `~validate` are offered. */
  readonly create: boolean;
};

export const accessPoint = <const Name extends string, const Target extends string>(
  name: Name,
  target: Target,
  options: { cardinality: Cardinality; audience: Audience; create?: boolean },
) => ({
  name,
  target,
  cardinality: options.cardinality,
  audience: options.audience,
  create: options.create === true,
});
