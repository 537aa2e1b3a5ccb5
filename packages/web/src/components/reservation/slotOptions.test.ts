import { describe, expect, it } from 'vitest';
import { floorPlanOf, slotGroupKey, sortedSlots } from './slotOptions.ts';

const slot = (name: string, garageName: string, floor: number) => ({
  __signedIdentifier: name,
  name,
  floor,
  garageName,
  aggregaredName: `${name} / ${floor} (${garageName})`,
});

describe('the parking-slot picker’s order', () => {
  it('groups by garage, then floor from the top, then name in natural order', () => {
    const sorted = sortedSlots([
      slot('B-002', 'Riverside Garage', 0),
      slot('A-210', 'HQ Garage', -2),
      slot('A-110', 'HQ Garage', -1),
      slot('A-103', 'HQ Garage', -1),
      slot('B-011', 'Riverside Garage', 1),
    ]);
    expect(sorted.map((choice) => choice.name)).toEqual(['A-103', 'A-110', 'A-210', 'B-011', 'B-002']);
    const groups = sorted.map(slotGroupKey);
    // Each group is one run: MUI's groupBy makes a header wherever the key changes.
    expect(new Set(groups).size).toBe(groups.filter((key, index) => key !== groups[index - 1]).length);
  });

  it('offers a floor plan only where the slot has one', () => {
    expect(floorPlanOf(null)).toBeNull();
    expect(floorPlanOf({ floorPlan: null })).toBeNull();
    expect(floorPlanOf({ floorPlan: 'token' })).toBe('token');
  });
});
