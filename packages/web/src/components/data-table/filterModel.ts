import {
  type AttributeDef,
  type FilterKind,
  type FilterOperator,
  type FilterValue,
  likeValue,
  OPERATORS_BY_FILTER_KIND,
} from '@parkhere/contract';
import type { QueryCustomizer, WireFilter, WireOrderBy, WireSeek } from '../../api/model.ts';

/*
 * The filter dialog's model and its translation into a query customizer (SPEC §7). Inputs keep the text the
 * user typed (that is what survives a reload in local storage); conversion to wire values happens here.
 */

/** Trinary logic is offered as Yes / No / Unknown; Unknown is the null the database holds. */
export const TRINARY_VALUES = ['true', 'false', 'unknown'] as const;

/** One row of the filter dialog. `value` is the raw input: text, `'true'`/`'false'`, an enum literal. */
export type FilterEntry = { id: string; attribute: string; operator: FilterOperator; value: string };

export type SortEntry = { attribute: string; descending: boolean };

/** The filter kind of each filterable attribute of the listed type. */
export type FilterKinds = Readonly<Record<string, FilterKind>>;

export const operatorsOf = (kind: FilterKind): readonly FilterOperator[] => OPERATORS_BY_FILTER_KIND[kind];

export const takesValue = (operator: FilterOperator): boolean =>
  operator !== 'isEmpty' && operator !== 'isNotEmpty';

/** The operator a new filter row starts with. */
export const defaultOperator = (kind: FilterKind): FilterOperator => (kind === 'string' ? 'like' : 'equal');

/** Text inputs of these kinds are debounced (SPEC §5); selects and pickers apply at once. */
export const isTypedInput = (kind: FilterKind): boolean => kind === 'string' || kind === 'numeric';

export type FilterProblem = 'valueRequired' | 'enumerationValueRequired' | 'notANumber';

/** Why a filter row cannot be sent, or null when it can. */
export function filterProblem(entry: FilterEntry, kind: FilterKind): FilterProblem | null {
  if (!takesValue(entry.operator)) {
    return null;
  }
  if (entry.value === '') {
    return kind === 'enumeration' ? 'enumerationValueRequired' : 'valueRequired';
  }
  if (kind === 'numeric' && !/^-?\d+$/.test(entry.value.trim())) {
    return 'notANumber';
  }
  return null;
}

/** `HH:mm` from a time input is sent as the contract's `HH:mm:ss`. */
const timeValue = (text: string): string => (/^\d{2}:\d{2}$/.test(text) ? `${text}:00` : text);

/** A `datetime-local` input holds wall-clock time in the browser's zone; the wire wants an instant. */
const dateTimeValue = (text: string): string => {
  const parsed = new Date(text);
  return Number.isNaN(parsed.getTime()) ? text : parsed.toISOString();
};

function wireValue(kind: FilterKind, operator: FilterOperator, text: string): FilterValue {
  switch (kind) {
    case 'string':
      return operator === 'like' ? likeValue(text) : text;
    case 'numeric':
      return Number(text.trim());
    case 'boolean':
    case 'trinaryLogic':
      return text === 'true';
    case 'date':
    case 'enumeration':
      return text;
    case 'dateTime':
      return dateTimeValue(text);
    case 'time':
      return timeValue(text);
  }
}

/** One filter row on the wire, or null when it is incomplete (it is then shown with its problem, not sent). */
export function toWireFilter(entry: FilterEntry, kind: FilterKind): WireFilter | null {
  if (filterProblem(entry, kind) !== null) {
    return null;
  }
  if (!takesValue(entry.operator)) {
    return { operator: entry.operator };
  }
  // Unknown is no value: "equals Unknown" is "is empty".
  if (kind === 'trinaryLogic' && entry.value === 'unknown') {
    return { operator: entry.operator === 'notEqual' ? 'isNotEmpty' : 'isEmpty' };
  }
  return { operator: entry.operator, value: wireValue(kind, entry.operator, entry.value) };
}

/** Filters grouped under their attribute, as the query customizer carries them (AND-ed by the server). */
export function wireFilters(
  entries: readonly FilterEntry[],
  kinds: FilterKinds,
): Record<string, WireFilter[]> {
  const result: Record<string, WireFilter[]> = {};
  for (const entry of entries) {
    const kind = kinds[entry.attribute];
    if (kind === undefined) {
      continue;
    }
    const filter = toWireFilter(entry, kind);
    if (filter === null) {
      continue;
    }
    result[entry.attribute] = [...(result[entry.attribute] ?? []), filter];
  }
  return result;
}

export type TableQueryInput = {
  mask?: string;
  filters: readonly FilterEntry[];
  sort: SortEntry | null;
  seek: WireSeek;
};

/** The whole body of a table's `~list`. */
export function toQueryCustomizer(input: TableQueryInput, kinds: FilterKinds): QueryCustomizer {
  const orderBy: WireOrderBy[] = input.sort === null ? [] : [input.sort];
  return {
    ...wireFilters(input.filters, kinds),
    ...(input.mask === undefined ? {} : { _mask: input.mask }),
    _seek: input.seek,
    ...(orderBy.length === 0 ? {} : { _orderBy: orderBy }),
  };
}

/** A fresh filter row for an attribute. */
export function newFilter(attribute: string, kind: FilterKind, id: string): FilterEntry {
  // A flag has an obvious first choice; everything else waits for the user's value.
  const value = kind === 'boolean' || kind === 'trinaryLogic' ? 'true' : '';
  return { id, attribute, operator: defaultOperator(kind), value };
}

/**
 * The literals an enumeration filter offers. SPEC §3: an enumeration filter without values fails with an error:
 * a filter that could never match anything is a defect of the model, not a choice to offer the user.
 */
export function enumerationValuesOf(field: string, attribute: AttributeDef): readonly string[] {
  const values = attribute.enumeration?.values ?? [];
  if (attribute.filter === 'enumeration' && values.length === 0) {
    throw new Error(`The enumeration filter of ${field} has no values`);
  }
  return values;
}
