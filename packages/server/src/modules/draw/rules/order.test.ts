import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byStableKey, drawOrder } from './order.ts';

const entry = (id: string, weight = 1, priority = false) => ({ id, weight, priority });
const ids = (entries: readonly { id: string }[]) => entries.map(({ id }) => id);
const people = Array.from({ length: 20 }, (_, index) => entry(String(index + 1)));

describe('drawOrder', () => {
  it('gives the same order for the same seed and entries', () => {
    expect(ids(drawOrder(people, 7))).toEqual(ids(drawOrder(people, 7)));
  });

  it('gives another order for another seed', () => {
    expect(ids(drawOrder(people, 7))).not.toEqual(ids(drawOrder(people, 8)));
  });

  it('does not depend on the order the entries are listed in', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(people, { minLength: 20 }), fc.integer(), (listed, seed) => {
        expect(ids(drawOrder(listed, seed))).toEqual(ids(drawOrder(people, seed)));
      }),
    );
  });

  it('orders every entry once', () => {
    expect(ids(drawOrder(people, 1)).sort(byStableKey)).toEqual(ids(people));
  });

  it('puts priority holders first, in a seeded order among themselves', () => {
    const mixed = people.map((person, index) => ({ ...person, priority: index % 5 === 0 }));
    const priorityIds = ids(mixed.filter(({ priority }) => priority));
    for (const seed of [1, 2, 3]) {
      const order = ids(drawOrder(mixed, seed));
      expect(order.slice(0, priorityIds.length).sort(byStableKey)).toEqual(priorityIds);
    }
    expect(ids(drawOrder(mixed, 1)).slice(0, 4)).not.toEqual(ids(drawOrder(mixed, 2)).slice(0, 4));
  });

  it('puts a heavier entry first more often, in proportion to its weight', () => {
    // Of two, the one of weight 3 comes first with probability 3/4.
    const pair = [entry('1', 3), entry('2', 1)];
    const runs = 4000;
    let heavierFirst = 0;
    for (let seed = 0; seed < runs; seed += 1) {
      heavierFirst += drawOrder(pair, seed)[0]?.id === '1' ? 1 : 0;
    }
    // 3,000 expected; the standard deviation is √(4000·¾·¼) ≈ 27, so ±5 of them is 137.
    expect(Math.abs(heavierFirst - 3000)).toBeLessThan(137);
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])('refuses a weight of %d', (weight) => {
    expect(() => drawOrder([entry('1', weight)], 1)).toThrow(RangeError);
  });

  it.each([1.5, 2 ** 31, Number.NaN])('refuses a seed of %d', (seed) => {
    expect(() => drawOrder(people, seed)).toThrow(RangeError);
  });
});

describe('byStableKey', () => {
  it('orders numeric ids by value', () => {
    expect(['10', '9', '100', '1'].sort(byStableKey)).toEqual(['1', '9', '10', '100']);
  });
});
