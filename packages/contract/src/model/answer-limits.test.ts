import { describe, expect, it } from 'vitest';
import { ANSWER_LIMITS, maxItemsPerAnswer, objectsPerItem } from './answer-limits.ts';
import { parseMask } from './mask.ts';

const mask = (text: string, type: Parameters<typeof parseMask>[1]) => {
  const parsed = parseMask(text, type);
  if (!parsed.ok) {
    throw new Error(JSON.stringify(parsed.errors));
  }
  return parsed.value;
};

describe('answer limits', () => {
  it('counts an item with its to-one relations as a few objects', () => {
    expect(
      objectsPerItem('ParkingSlotSettings', mask('{name,parkingGarage{name}}', 'ParkingSlotSettings')),
    ).toBe(2);
    expect(maxItemsPerAnswer('ParkingSlotSettings', mask('{name}', 'ParkingSlotSettings'))).toBe(
      ANSWER_LIMITS.maxObjects,
    );
  });

  it('counts each nested list at its limit, so lists of lists shrink the page', () => {
    const garages = mask('{name,parkingSlots{name},accessedUsers{email}}', 'ParkingGarageSettings');
    expect(objectsPerItem('ParkingGarageSettings', garages)).toBe(1 + 2 * ANSWER_LIMITS.maxNestedItems);
    expect(maxItemsPerAnswer('ParkingGarageSettings', garages)).toBe(
      Math.floor(ANSWER_LIMITS.maxObjects / (1 + 2 * ANSWER_LIMITS.maxNestedItems)),
    );
  });

  it('pins the limits the README documents', () => {
    expect(ANSWER_LIMITS).toEqual({ maxNestedItems: 1000, maxObjects: 10_000, maxBytes: 8 * 1024 * 1024 });
  });
});
