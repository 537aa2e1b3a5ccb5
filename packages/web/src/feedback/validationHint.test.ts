import { LICENSE_PLATE_PATTERN } from '@parkhere/contract';
import { describe, expect, it } from 'vitest';
import english from '../../public/i18n/system_en-US.json';
import hungarian from '../../public/i18n/system_hu-HU.json';
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

  it('tells a plate with an accented letter why it is refused, in both languages', () => {
    const plate = new RegExp(LICENSE_PLATE_PATTERN);
    expect(plate.test('ABC-123')).toBe(true);
    expect(plate.test('ÁBC-123')).toBe(false);
    expect(english.validation.hint.licensePlate).toMatch(/Latin letters A–Z without accents/);
    expect(hungarian.validation.hint.licensePlate).toMatch(/Ékezet nélküli latin betűk \(A–Z\)/);
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
