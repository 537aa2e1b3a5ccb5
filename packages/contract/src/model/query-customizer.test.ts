import { describe, expect, it } from 'vitest';
import type { FilterKind } from './dsl.ts';
import { acceptedOperators, OPERATORS_BY_FILTER_KIND, parseQueryCustomizer } from './query-customizer.ts';
import type { TransferName } from './transfer-types.ts';

/** One attribute of each filter kind, with a value of the right type. */
const SAMPLES: Record<FilterKind, { type: TransferName; attribute: string; value: unknown }> = {
  string: { type: 'Car', attribute: 'licensePlate', value: 'ABC' },
  numeric: { type: 'ParkingSlotSettings', attribute: 'floor', value: 2 },
  date: { type: 'UserReservation', attribute: 'date', value: '2026-03-15' },
  dateTime: { type: 'UserReservation', attribute: 'created', value: '2026-03-15T08:00:00Z' },
  time: { type: 'UserReservation', attribute: 'startTime', value: '08:00:00' },
  boolean: { type: 'ParkingSlotSettings', attribute: 'nextToWall', value: true },
  enumeration: { type: 'UserReservation', attribute: 'reservationType', value: 'GUEST' },
  trinaryLogic: { type: 'Car', attribute: 'isArchived', value: false },
};

/** SPEC §7 offers string attributes every operator there is. */
const STRING_OPERATORS = [
  'equal',
  'notEqual',
  'like',
  'matches',
  'lessThan',
  'greaterThan',
  'lessOrEqual',
  'greaterOrEqual',
  'isEmpty',
  'isNotEmpty',
];

const ALL_OPERATORS = [...STRING_OPERATORS, 'equals', 'notEquals'];

describe('filter operators', () => {
  it('follows SPEC §7 per filter kind', () => {
    expect(OPERATORS_BY_FILTER_KIND.string).toEqual(STRING_OPERATORS);
    for (const kind of ['numeric', 'date', 'dateTime', 'time'] as const) {
      expect(OPERATORS_BY_FILTER_KIND[kind]).toEqual([
        'equal',
        'notEqual',
        'lessThan',
        'greaterThan',
        'lessOrEqual',
        'greaterOrEqual',
      ]);
    }
    for (const kind of ['boolean', 'enumeration', 'trinaryLogic'] as const) {
      expect(acceptedOperators(kind)).toEqual([
        'equal',
        'notEqual',
        'isEmpty',
        'isNotEmpty',
        'equals',
        'notEquals',
      ]);
    }
  });

  describe.each(Object.entries(SAMPLES))('on a %s attribute', (kind, { type, attribute, value }) => {
    const accepted = acceptedOperators(kind as FilterKind);

    it.each(ALL_OPERATORS)('answers %s as the table says', (operator) => {
      const empty = operator === 'isEmpty' || operator === 'isNotEmpty';
      const filter = empty ? { operator } : { operator, value };
      const result = parseQueryCustomizer(type, { [attribute]: [filter] });
      if (!accepted.includes(operator)) {
        expect(result).toEqual({
          ok: false,
          errors: [{ code: 'UNKNOWN_OPERATOR', level: 'ERROR', location: `${attribute}[0].operator` }],
        });
        return;
      }
      const canonical = operator === 'equals' ? 'equal' : operator === 'notEquals' ? 'notEqual' : operator;
      expect(result).toMatchObject({
        ok: true,
        value: { filters: [{ attribute, kind, operator: canonical, value: empty ? null : value }] },
      });
    });

    it('refuses a value of the wrong type', () => {
      const result = parseQueryCustomizer(type, { [attribute]: [{ operator: 'equal', value: [1] }] });
      expect(result).toMatchObject({
        errors: [{ code: 'CONVERSION_FAILED', location: `${attribute}[0].value` }],
      });
    });

    it('requires a value for comparisons', () => {
      const result = parseQueryCustomizer(type, { [attribute]: [{ operator: 'equal' }] });
      expect(result).toMatchObject({
        errors: [{ code: 'MISSING_REQUIRED_ATTRIBUTE', location: `${attribute}[0].value` }],
      });
    });
  });

  it('refuses an enumeration filter without values (SPEC §3), where other kinds read an empty list as none', () => {
    expect(parseQueryCustomizer('UserReservation', { reservationType: [] })).toMatchObject({
      ok: false,
      errors: [{ code: 'MISSING_REQUIRED_ATTRIBUTE', location: 'reservationType' }],
    });
    expect(parseQueryCustomizer('UserReservation', { date: [] }).ok).toBe(true);
  });

  it('refuses malformed dates, enumeration values and regular expressions', () => {
    expect(
      parseQueryCustomizer('UserReservation', { date: [{ operator: 'lessThan', value: '2026-13-01' }] }).ok,
    ).toBe(false);
    expect(
      parseQueryCustomizer('UserReservation', { reservationType: [{ operator: 'equal', value: 'VIP' }] }).ok,
    ).toBe(false);
    expect(
      parseQueryCustomizer('Car', { licensePlate: [{ operator: 'matches', value: '(' }] }),
    ).toMatchObject({
      errors: [{ code: 'CONVERSION_FAILED', location: 'licensePlate[0].value' }],
    });
  });
});

describe('query customizer', () => {
  it('treats an absent body as no customisation', () => {
    expect(parseQueryCustomizer('Car', undefined)).toEqual({
      ok: true,
      value: {
        mask: null,
        identifier: null,
        seek: { limit: null, lastItem: null, reverse: false },
        orderBy: [],
        filters: [],
      },
    });
  });

  it('reads mask, seek, ordering and AND-ed filters', () => {
    const lastItem = { __signedIdentifier: 'signed', name: 'A-12', floor: 1 };
    const result = parseQueryCustomizer('ParkingSlotSettings', {
      _mask: '{name,floor,parkingGarage{name}}',
      _seek: { limit: 11, lastItem, reverse: true },
      _orderBy: [{ attribute: 'name' }, { attribute: 'floor', descending: true }],
      name: [{ operator: 'like', value: '%a%' }],
      floor: [
        { operator: 'greaterOrEqual', value: 0 },
        { operator: 'lessThan', value: 3 },
      ],
    });
    expect(result).toEqual({
      ok: true,
      value: {
        mask: {
          attributes: ['name', 'floor'],
          relations: { parkingGarage: { attributes: ['name'], relations: {} } },
        },
        identifier: null,
        seek: { limit: 11, lastItem, reverse: true },
        orderBy: [
          { attribute: 'name', descending: false },
          { attribute: 'floor', descending: true },
        ],
        filters: [
          { attribute: 'name', kind: 'string', operator: 'like', value: '%a%' },
          { attribute: 'floor', kind: 'numeric', operator: 'greaterOrEqual', value: 0 },
          { attribute: 'floor', kind: 'numeric', operator: 'lessThan', value: 3 },
        ],
      },
    });
  });

  it('refuses unknown keys, unsortable attributes and out-of-range limits', () => {
    expect(parseQueryCustomizer('Car', { colour: [] })).toMatchObject({
      errors: [{ code: 'UNKNOWN_ATTRIBUTE', location: 'colour' }],
    });
    expect(
      parseQueryCustomizer('ParkingSlotSettings', { _orderBy: [{ attribute: 'floorPlan' }] }),
    ).toMatchObject({
      errors: [{ code: 'UNKNOWN_ATTRIBUTE', location: '_orderBy[0].attribute' }],
    });
    for (const limit of [0, -1, 1.5, 100000, '10']) {
      expect(parseQueryCustomizer('Car', { _seek: { limit } })).toMatchObject({
        errors: [{ code: 'CONVERSION_FAILED', location: '_seek.limit' }],
      });
    }
  });

  it('requires the last item of a seek to carry its signed identifier', () => {
    expect(
      parseQueryCustomizer('Car', { _seek: { limit: 5, lastItem: { licensePlate: 'ABC' } } }),
    ).toMatchObject({
      errors: [{ code: 'MISSING_REQUIRED_ATTRIBUTE', location: '_seek.lastItem.__signedIdentifier' }],
    });
  });

  it('answers INVALID_QUERY_MASK for masks naming what the type does not have', () => {
    expect(parseQueryCustomizer('Car', { _mask: '{licensePlate,colour}' })).toMatchObject({
      errors: [{ code: 'INVALID_QUERY_MASK', location: '_mask' }],
    });
  });

  it('prefixes locations when nested in a range request', () => {
    expect(parseQueryCustomizer('Car', { _mask: '{' }, 'queryCustomizer')).toMatchObject({
      errors: [{ code: 'INVALID_QUERY_MASK', location: 'queryCustomizer._mask' }],
    });
    expect(parseQueryCustomizer('Car', { colour: [] }, 'queryCustomizer')).toMatchObject({
      errors: [{ code: 'UNKNOWN_ATTRIBUTE', location: 'queryCustomizer.colour' }],
    });
  });
});
