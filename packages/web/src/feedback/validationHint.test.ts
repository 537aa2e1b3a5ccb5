import { describe, expect, it } from 'vitest';
import { attributeOf, validationSentence } from './validationHint.ts';

describe('what a pattern or length error says', () => {
  it('says what a plate allows and its limit, for a pattern or a length failure', () => {
    const plate = attributeOf('CreateCarInput', 'licensePlate');
    expect(validationSentence('PATTERN_VALIDATION_FAILED', plate)).toEqual({
      key: 'validation.hint.licensePlate',
    });
    expect(validationSentence('MAX_LENGTH_VALIDATION_FAILED', plate)).toEqual({
      key: 'validation.hint.licensePlate',
    });
    expect(
      validationSentence('PATTERN_VALIDATION_FAILED', attributeOf('ReservationInput', 'guestLicensePlate')),
    ).toEqual({ key: 'validation.hint.licensePlate' });
  });

  it("names the contract's maxLength of a field without a pattern", () => {
    expect(
      validationSentence('MAX_LENGTH_VALIDATION_FAILED', attributeOf('ReservationInput', 'guestName')),
    ).toEqual({ key: 'validation.hint.maxLength', values: { count: 255 } });
  });

  it('leaves every other code, and a field the contract does not know, to its usual text', () => {
    const plate = attributeOf('CreateCarInput', 'licensePlate');
    expect(validationSentence('MISSING_REQUIRED_ATTRIBUTE', plate)).toEqual({
      key: 'validation.MISSING_REQUIRED_ATTRIBUTE',
    });
    expect(attributeOf('CreateCarInput', 'toString')).toBeUndefined();
    expect(validationSentence('PATTERN_VALIDATION_FAILED', undefined)).toEqual({
      key: 'validation.PATTERN_VALIDATION_FAILED',
    });
  });
});
