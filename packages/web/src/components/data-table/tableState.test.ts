import { describe, expect, it } from 'vitest';
import { tableStateKey } from '../../preferences/tableStorage.ts';
import {
  DEFAULT_TABLE_STATE,
  loadTableState,
  pageSizeOptions,
  saveTableState,
  type TableState,
} from './tableState.ts';

const kinds = { name: 'string', floor: 'numeric' } as const;

const memory = (entries: Record<string, string> = {}) => {
  const store = new Map(Object.entries(entries));
  return {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => {
      store.set(key, value);
    },
    store,
  };
};

const state: TableState = {
  sort: { attribute: 'floor', descending: true },
  filters: [{ id: 'f1', attribute: 'name', operator: 'like', value: 'B' }],
  pageSize: 25,
};

describe('persisted table state', () => {
  it('starts from the defaults when nothing is stored', () => {
    expect(loadTableState(memory(), 'slots', kinds)).toEqual(DEFAULT_TABLE_STATE);
    expect(DEFAULT_TABLE_STATE).toEqual({ sort: null, filters: [], pageSize: 10 });
  });

  it('remembers sort, filters and page size per table', () => {
    const storage = memory();
    saveTableState(storage, 'slots', state);
    expect(storage.store.has(tableStateKey('slots'))).toBe(true);
    expect(loadTableState(storage, 'slots', kinds)).toEqual(state);
    expect(loadTableState(storage, 'garages', kinds)).toEqual(DEFAULT_TABLE_STATE);
  });

  it('falls back to the defaults on corrupt JSON', () => {
    const storage = memory({ [tableStateKey('slots')]: '{not json' });
    const defaults: TableState = { ...DEFAULT_TABLE_STATE, sort: { attribute: 'name', descending: false } };
    expect(loadTableState(storage, 'slots', kinds, defaults)).toEqual(defaults);
    expect(loadTableState(memory({ [tableStateKey('slots')]: '[1,2]' }), 'slots', kinds)).toEqual(
      DEFAULT_TABLE_STATE,
    );
  });

  it('drops stored filters and sort on attributes or operators the table no longer has', () => {
    const stored = {
      sort: { attribute: 'removed', descending: false },
      filters: [
        { id: 'a', attribute: 'removed', operator: 'equal', value: 'x' },
        { id: 'b', attribute: 'floor', operator: 'like', value: '1' },
        { id: 'c', attribute: 'floor', operator: 'lessThan', value: '1' },
        { id: 'd', attribute: 'name', operator: 'like', value: 7 },
      ],
      pageSize: -3,
    };
    const storage = memory({ [tableStateKey('slots')]: JSON.stringify(stored) });
    expect(loadTableState(storage, 'slots', kinds)).toEqual({
      sort: null,
      filters: [{ id: 'c', attribute: 'floor', operator: 'lessThan', value: '1' }],
      pageSize: 10,
    });
  });

  it('survives a storage that refuses writes', () => {
    const full = {
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => saveTableState(full, 'slots', state)).not.toThrow();
  });

  it('offers the current page size plus 5, 10, 25 and 50', () => {
    expect(pageSizeOptions(10)).toEqual([5, 10, 25, 50]);
    expect(pageSizeOptions(20)).toEqual([5, 10, 20, 25, 50]);
    expect(pageSizeOptions(100)).toEqual([5, 10, 25, 50, 100]);
  });
});
