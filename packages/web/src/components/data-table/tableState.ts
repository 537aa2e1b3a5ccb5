import { tableStateKey } from '../../preferences/tableStorage.ts';
import type { FilterEntry, FilterKinds, SortEntry } from './filterModel.ts';
import { operatorsOf } from './filterModel.ts';

/*
 * What a table remembers per table id in local storage (SPEC §9): sort, filters and page size. Stored state
 * is checked against the table's columns, so a renamed attribute or a hand-edited value falls back to defaults.
 */

export const PAGE_SIZES = [5, 10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;

export type TableState = { sort: SortEntry | null; filters: FilterEntry[]; pageSize: number };

export const DEFAULT_TABLE_STATE: TableState = { sort: null, filters: [], pageSize: DEFAULT_PAGE_SIZE };

/** The current size plus the fixed list, ascending and without repeats (SPEC §9). */
export function pageSizeOptions(current: number): number[] {
  return [...new Set([current, ...PAGE_SIZES])].sort((a, b) => a - b);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function readSort(value: unknown, kinds: FilterKinds): SortEntry | null {
  if (!isRecord(value) || typeof value.attribute !== 'string' || !(value.attribute in kinds)) {
    return null;
  }
  return { attribute: value.attribute, descending: value.descending === true };
}

function readFilter(value: unknown, kinds: FilterKinds): FilterEntry[] {
  if (!isRecord(value)) {
    return [];
  }
  const { id, attribute, operator, value: text } = value;
  if (typeof id !== 'string' || typeof attribute !== 'string' || typeof text !== 'string') {
    return [];
  }
  const kind = kinds[attribute];
  if (kind === undefined) {
    return [];
  }
  const allowed = operatorsOf(kind).find((candidate) => candidate === operator);
  return allowed === undefined ? [] : [{ id, attribute, operator: allowed, value: text }];
}

function readPageSize(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 1000
    ? value
    : fallback;
}

/** The stored state of a table, or `defaults` for whatever is missing, stale or corrupt. */
export function loadTableState(
  storage: Pick<Storage, 'getItem'>,
  tableId: string,
  kinds: FilterKinds,
  defaults: TableState = DEFAULT_TABLE_STATE,
): TableState {
  let stored: unknown;
  try {
    stored = JSON.parse(storage.getItem(tableStateKey(tableId)) ?? 'null');
  } catch {
    return defaults;
  }
  if (!isRecord(stored)) {
    return defaults;
  }
  return {
    sort: 'sort' in stored ? readSort(stored.sort, kinds) : defaults.sort,
    filters: Array.isArray(stored.filters)
      ? stored.filters.flatMap((filter) => readFilter(filter, kinds))
      : defaults.filters,
    pageSize: readPageSize(stored.pageSize, defaults.pageSize),
  };
}

export function saveTableState(storage: Pick<Storage, 'setItem'>, tableId: string, state: TableState): void {
  try {
    storage.setItem(tableStateKey(tableId), JSON.stringify(state));
  } catch {
    // A full or disabled storage only costs the user their remembered table settings.
  }
}
