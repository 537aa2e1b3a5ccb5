import { type AttributeDef, type FilterKind, OPERATORS_BY_FILTER_KIND } from '@parkhere/contract';
import { describe, expect, it } from 'vitest';
import {
  enumerationValuesOf,
  type FilterEntry,
  filterProblem,
  newFilter,
  operatorsOf,
  toQueryCustomizer,
  toWireFilter,
  wireFilters,
} from './filterModel.ts';

const entry = (operator: FilterEntry['operator'], value: string, attribute = 'a'): FilterEntry => ({
  id: 'f1',
  attribute,
  operator,
  value,
});

/** A value each kind accepts, and what it becomes on the wire. */
const sample: Record<FilterKind, [string, unknown]> = {
  string: ['B-0', 'B-0'],
  numeric: ['-1', -1],
  date: ['2026-11-22', '2026-11-22'],
  dateTime: ['2026-11-22T10:30', new Date('2026-11-22T10:30').toISOString()],
  time: ['09:30', '09:30:00'],
  boolean: ['true', true],
  enumeration: ['GUEST', 'GUEST'],
  trinaryLogic: ['false', false],
};

describe('filter model → query customizer', () => {
  for (const kind of Object.keys(OPERATORS_BY_FILTER_KIND) as FilterKind[]) {
    for (const operator of operatorsOf(kind)) {
      it(`sends ${kind} ${operator}`, () => {
        const [input, wire] = sample[kind];
        const filter = toWireFilter(entry(operator, input), kind);
        if (operator === 'isEmpty' || operator === 'isNotEmpty') {
          expect(filter).toEqual({ operator });
          return;
        }
        const expected = operator === 'like' ? `%${input}%` : wire;
        expect(filter).toEqual({ operator, value: expected });
      });
    }
  }

  it('wraps like values in percent signs and leaves other string operators alone', () => {
    expect(toWireFilter(entry('like', 'garage'), 'string')).toEqual({ operator: 'like', value: '%garage%' });
    expect(toWireFilter(entry('equal', 'garage'), 'string')).toEqual({ operator: 'equal', value: 'garage' });
    expect(toWireFilter(entry('matches', '^A'), 'string')).toEqual({ operator: 'matches', value: '^A' });
  });

  it('sends trinary Unknown as an emptiness test', () => {
    expect(toWireFilter(entry('equal', 'unknown'), 'trinaryLogic')).toEqual({ operator: 'isEmpty' });
    expect(toWireFilter(entry('notEqual', 'unknown'), 'trinaryLogic')).toEqual({ operator: 'isNotEmpty' });
    expect(toWireFilter(entry('equal', 'true'), 'trinaryLogic')).toEqual({ operator: 'equal', value: true });
  });

  it('refuses an enumeration filter without a value', () => {
    expect(filterProblem(entry('equal', ''), 'enumeration')).toBe('enumerationValueRequired');
    expect(toWireFilter(entry('equal', ''), 'enumeration')).toBeNull();
    expect(filterProblem(entry('isEmpty', ''), 'enumeration')).toBeNull();
  });

  it('does not send incomplete or malformed rows', () => {
    expect(filterProblem(entry('like', ''), 'string')).toBe('valueRequired');
    expect(filterProblem(entry('equal', '1.5'), 'numeric')).toBe('notANumber');
    expect(filterProblem(entry('equal', 'x'), 'numeric')).toBe('notANumber');
    expect(toWireFilter(entry('equal', 'x'), 'numeric')).toBeNull();
  });

  it('groups filters under their attribute and drops unknown attributes', () => {
    const filters = wireFilters(
      [
        entry('greaterOrEqual', '0', 'floor'),
        entry('lessThan', '3', 'floor'),
        entry('like', 'A', 'aggregaredName'),
        entry('equal', 'x', 'gone'),
      ],
      { floor: 'numeric', aggregaredName: 'string' },
    );
    expect(filters).toEqual({
      floor: [
        { operator: 'greaterOrEqual', value: 0 },
        { operator: 'lessThan', value: 3 },
      ],
      aggregaredName: [{ operator: 'like', value: '%A%' }],
    });
  });

  it('builds the whole table body: mask, seek, order and filters', () => {
    const body = toQueryCustomizer(
      {
        mask: '{name,floor}',
        filters: [entry('like', 'B', 'name')],
        sort: { attribute: 'floor', descending: true },
        seek: { limit: 11 },
      },
      { name: 'string', floor: 'numeric' },
    );
    expect(body).toEqual({
      _mask: '{name,floor}',
      _seek: { limit: 11 },
      _orderBy: [{ attribute: 'floor', descending: true }],
      name: [{ operator: 'like', value: '%B%' }],
    });
    expect(toQueryCustomizer({ filters: [], sort: null, seek: { limit: 6 } }, {})).toEqual({
      _seek: { limit: 6 },
    });
  });

  it('starts string filters with like and others with equality', () => {
    expect(newFilter('name', 'string', 'x').operator).toBe('like');
    expect(newFilter('floor', 'numeric', 'x').operator).toBe('equal');
    expect(newFilter('isActive', 'boolean', 'x')).toMatchObject({ operator: 'equal', value: 'true' });
    expect(newFilter('name', 'string', 'x').value).toBe('');
  });
});

describe('enumeration filter values (SPEC §3)', () => {
  it('offers the literals of an enumeration, and fails for an enumeration filter without any', () => {
    const attribute = (values: readonly string[]): AttributeDef => ({
      type: 'enumeration',
      required: false,
      readOnly: false,
      derived: false,
      filter: 'enumeration',
      enumeration: { kind: 'enumeration', name: 'Colour', values },
    });
    expect(enumerationValuesOf('colour', attribute(['RED', 'BLUE']))).toEqual(['RED', 'BLUE']);
    expect(() => enumerationValuesOf('colour', attribute([]))).toThrow(
      'The enumeration filter of colour has no values',
    );
  });
});
