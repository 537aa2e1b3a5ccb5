import { describe, expect, it } from 'vitest';
import { ANSWER_LIMITS, bytesPerItem, maxItemsPerAnswer, objectsPerItem } from './answer-limits.ts';
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
    expect(maxItemsPerAnswer('ParkingGarageSettings', garages)).toBeLessThanOrEqual(
      Math.floor(ANSWER_LIMITS.maxObjects / (1 + 2 * ANSWER_LIMITS.maxNestedItems)),
    );
  });

  it('sizes a page by the longest values the model allows, so long texts shrink it', () => {
    const short = mask('{name}', 'ParkingGarageSettings');
    const long = mask('{name,emailTemplateOfTheGarage}', 'ParkingGarageSettings');
    // A 65,535-character template at up to 3 bytes a character.
    expect(bytesPerItem('ParkingGarageSettings', long) - bytesPerItem('ParkingGarageSettings', short)).toBe(
      'emailTemplateOfTheGarage'.length + 4 + 2 + 3 * 65_535,
    );
    expect(maxItemsPerAnswer('ParkingGarageSettings', long)).toBe(
      Math.floor(ANSWER_LIMITS.maxBytes / bytesPerItem('ParkingGarageSettings', long)),
    );
    expect(maxItemsPerAnswer('ParkingGarageSettings', short)).toBe(ANSWER_LIMITS.maxObjects);
  });

  it('pins the limits the README documents', () => {
    expect(ANSWER_LIMITS).toEqual({ maxNestedItems: 1000, maxObjects: 10_000, maxBytes: 8 * 1024 * 1024 });
  });
});
