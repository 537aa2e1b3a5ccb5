import { z } from 'zod';
import { INT32_MAX, INT32_MIN, isDate, isTime, isTimestamp } from '../calendar/formats.ts';
import { bodySchema } from './body-schema.ts';
import type { AttributeDef, FilterKind } from './dsl.ts';
import { type MaskNode, parseMask } from './mask.ts';
import { type TransferName, transferTypes } from './transfer-types.ts';
import { toErrorItems, type Validated } from './validation.ts';

/*
 * Operators per filter kind, as SPEC §7 lists them. SPEC spells equality `equal`/`notEqual` for strings and
 * `equals`/`notEquals` for booleans, enumerations and trinary logic; we use `equal`/`notEqual` as the one
 * canonical spelling everywhere and accept `equals`/`notEquals` as aliases of it on every kind.
 * Numeric, date, dateTime and time filters have the comparisons plus equality.
 */
const COMPARISONS = ['lessThan', 'greaterThan', 'lessOrEqual', 'greaterOrEqual'] as const;
const EQUALITY = ['equal', 'notEqual'] as const;
const EMPTINESS = ['isEmpty', 'isNotEmpty'] as const;

export const OPERATORS_BY_FILTER_KIND = {
  string: [...EQUALITY, 'like', 'matches', ...COMPARISONS, ...EMPTINESS],
  numeric: [...EQUALITY, ...COMPARISONS],
  date: [...EQUALITY, ...COMPARISONS],
  dateTime: [...EQUALITY, ...COMPARISONS],
  time: [...EQUALITY, ...COMPARISONS],
  boolean: [...EQUALITY, ...EMPTINESS],
  enumeration: [...EQUALITY, ...EMPTINESS],
  trinaryLogic: [...EQUALITY, ...EMPTINESS],
} as const satisfies Record<FilterKind, readonly string[]>;

export type FilterOperator = (typeof OPERATORS_BY_FILTER_KIND)[FilterKind][number];

export const OPERATOR_ALIASES = { equals: 'equal', notEquals: 'notEqual' } as const;

/** The operators a client may send for a kind, aliases included. */
export const acceptedOperators = (kind: FilterKind): string[] => {
  const canonical: readonly string[] = OPERATORS_BY_FILTER_KIND[kind];
  const aliases = Object.entries(OPERATOR_ALIASES)
    .filter(([, target]) => canonical.includes(target))
    .map(([alias]) => alias);
  return [...canonical, ...aliases];
};

const canonicalOperator = (operator: string): FilterOperator =>
  operator === 'equals' ? 'equal' : operator === 'notEquals' ? 'notEqual' : (operator as FilterOperator);

export const MAX_SEEK_LIMIT = 1000;
export const MAX_FILTER_VALUE_LENGTH = 1000;
export const MAX_FILTERS_PER_ATTRIBUTE = 10;
export const MAX_ORDER_BY = 5;

export type FilterValue = string | number | boolean;

const valueSchema = (attribute: AttributeDef, kind: FilterKind): z.ZodType<FilterValue> => {
  const conversion = { error: 'CONVERSION_FAILED' };
  switch (kind) {
    case 'string':
      return z.string(conversion).max(MAX_FILTER_VALUE_LENGTH, { error: 'MAX_LENGTH_VALIDATION_FAILED' });
    case 'numeric':
      return z.number(conversion).int(conversion).min(INT32_MIN, conversion).max(INT32_MAX, conversion);
    case 'date':
      return z.string(conversion).refine(isDate, conversion);
    case 'dateTime':
      return z.string(conversion).refine(isTimestamp, conversion);
    case 'time':
      return z.string(conversion).refine(isTime, conversion);
    case 'boolean':
    case 'trinaryLogic':
      return z.boolean(conversion);
    case 'enumeration':
      return z.enum(attribute.enumeration?.values ?? [], conversion);
  }
};

const isValidRegex = (source: string): boolean => {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
};

const filterSchema = (attribute: AttributeDef, kind: FilterKind) => {
  const value = valueSchema(attribute, kind);
  return z
    .strictObject(
      {
        operator: z.enum(acceptedOperators(kind), { error: 'UNKNOWN_OPERATOR' }),
        value: z.unknown().optional(),
      },
      { error: 'CONVERSION_FAILED' },
    )
    .superRefine((filter, context) => {
      const emptiness = filter.operator === 'isEmpty' || filter.operator === 'isNotEmpty';
      if (emptiness) {
        if (filter.value !== undefined && filter.value !== null) {
          context.addIssue({ code: 'custom', message: 'CONVERSION_FAILED', path: ['value'] });
        }
        return;
      }
      if (filter.value === undefined || filter.value === null) {
        context.addIssue({ code: 'custom', message: 'MISSING_REQUIRED_ATTRIBUTE', path: ['value'] });
        return;
      }
      const parsed = value.safeParse(filter.value);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          context.addIssue({ code: 'custom', message: issue.message, path: ['value'] });
        }
        return;
      }
      if (filter.operator === 'matches' && !isValidRegex(String(filter.value))) {
        context.addIssue({ code: 'custom', message: 'CONVERSION_FAILED', path: ['value'] });
      }
    });
};

/** Attributes a table may filter and sort by: those with a filter kind. */
export const filterableAttributes = (type: TransferName): [string, AttributeDef & { filter: FilterKind }][] =>
  Object.entries(transferTypes[type].attributes as Record<string, AttributeDef>).flatMap(
    ([name, attribute]) =>
      attribute.filter === undefined ? [] : [[name, { ...attribute, filter: attribute.filter }]],
  );

const schemaCache = new Map<TransferName, z.ZodType>();

/** The wire schema of a query customizer for one transfer type (DESIGN §5). */
export const queryCustomizerSchema = (type: TransferName): z.ZodType => {
  const cached = schemaCache.get(type);
  if (cached !== undefined) {
    return cached;
  }
  const filterable = filterableAttributes(type);
  const sortable = filterable.map(([name]) => name);
  const lastItem = z.unknown().superRefine((value, context) => {
    const result = bodySchema(type, 'update').safeParse(value);
    if (!result.success) {
      for (const item of toErrorItems(result.error.issues)) {
        context.addIssue({
          code: 'custom',
          message: item.code,
          path: item.location === '' ? [] : [item.location],
        });
      }
      return;
    }
    const signed = (value as { __signedIdentifier?: unknown }).__signedIdentifier;
    if (typeof signed !== 'string') {
      context.addIssue({
        code: 'custom',
        message: 'MISSING_REQUIRED_ATTRIBUTE',
        path: ['__signedIdentifier'],
      });
    }
  });
  const shape: Record<string, z.ZodType> = {
    _mask: z.string({ error: 'CONVERSION_FAILED' }).optional(),
    _identifier: z.string({ error: 'CONVERSION_FAILED' }).optional(),
    _seek: z
      .strictObject(
        {
          limit: z
            .number({ error: 'CONVERSION_FAILED' })
            .int({ error: 'CONVERSION_FAILED' })
            .min(1, { error: 'CONVERSION_FAILED' })
            .max(MAX_SEEK_LIMIT, { error: 'CONVERSION_FAILED' })
            .optional(),
          lastItem: lastItem.optional(),
          reverse: z.boolean({ error: 'CONVERSION_FAILED' }).optional(),
        },
        { error: 'CONVERSION_FAILED' },
      )
      .optional(),
    _orderBy: z
      .array(
        z.strictObject(
          {
            attribute:
              sortable.length === 0
                ? z.never({ error: 'UNKNOWN_ATTRIBUTE' })
                : z.enum(sortable, { error: 'UNKNOWN_ATTRIBUTE' }),
            descending: z.boolean({ error: 'CONVERSION_FAILED' }).optional(),
          },
          { error: 'CONVERSION_FAILED' },
        ),
        { error: 'CONVERSION_FAILED' },
      )
      .max(MAX_ORDER_BY, { error: 'CONVERSION_FAILED' })
      .optional(),
  };
  for (const [name, attribute] of filterable) {
    const filters = z
      .array(filterSchema(attribute, attribute.filter), { error: 'CONVERSION_FAILED' })
      .max(MAX_FILTERS_PER_ATTRIBUTE, { error: 'CONVERSION_FAILED' });
    // SPEC §3: an enumeration filter without values fails, rather than filtering nothing without a word.
    shape[name] = (
      attribute.filter === 'enumeration' ? filters.min(1, { error: 'MISSING_REQUIRED_ATTRIBUTE' }) : filters
    ).optional();
  }
  const schema = z.strictObject(shape, { error: 'CONVERSION_FAILED' });
  schemaCache.set(type, schema);
  return schema;
};

export type Filter = {
  attribute: string;
  kind: FilterKind;
  operator: FilterOperator;
  value: FilterValue | null;
};
export type OrderBy = { attribute: string; descending: boolean };
export type Seek = { limit: number | null; lastItem: Record<string, unknown> | null; reverse: boolean };

/** A query customizer after validation: what the server turns into one SQL statement. */
export type Query = {
  mask: MaskNode | null;
  identifier: string | null;
  seek: Seek;
  orderBy: OrderBy[];
  /** AND-ed. */
  filters: Filter[];
};

type WireFilter = { operator: string; value?: unknown };
type WireQuery = {
  _mask?: string;
  _identifier?: string;
  _seek?: { limit?: number; lastItem?: Record<string, unknown>; reverse?: boolean };
  _orderBy?: { attribute: string; descending?: boolean }[];
} & Record<string, unknown>;

/** Validates and normalises a query customizer; `null`/absent bodies mean "no customisation". */
export const parseQueryCustomizer = (type: TransferName, body: unknown, location = ''): Validated<Query> => {
  const input = body === undefined || body === null ? {} : body;
  const result = queryCustomizerSchema(type).safeParse(input);
  if (!result.success) {
    return { ok: false, errors: toErrorItems(result.error.issues, location) };
  }
  const wire = result.data as WireQuery;
  let mask: MaskNode | null = null;
  if (wire._mask !== undefined) {
    const parsed = parseMask(wire._mask, type, location === '' ? '_mask' : `${location}._mask`);
    if (!parsed.ok) {
      return parsed;
    }
    mask = parsed.value;
  }
  const filters: Filter[] = filterableAttributes(type).flatMap(([name, attribute]) =>
    ((wire[name] as WireFilter[] | undefined) ?? []).map((filter) => ({
      attribute: name,
      kind: attribute.filter,
      operator: canonicalOperator(filter.operator),
      value: filter.value === undefined || filter.value === null ? null : (filter.value as FilterValue),
    })),
  );
  return {
    ok: true,
    value: {
      mask,
      identifier: wire._identifier ?? null,
      seek: {
        limit: wire._seek?.limit ?? null,
        lastItem: wire._seek?.lastItem ?? null,
        reverse: wire._seek?.reverse === true,
      },
      orderBy: (wire._orderBy ?? []).map((order) => ({
        attribute: order.attribute,
        descending: order.descending === true,
      })),
      filters,
    },
  };
};

/** SPEC §5: like filters wrap the typed text in percent signs. */
export const likeValue = (text: string): string => `%${text}%`;
