import { describe, expect, it } from 'vitest';
import { BUSINESS_FAULT_NAME, BusinessErrorCode, ValidationErrorItem } from './index.ts';

describe('error contract', () => {
  it('defaults a validation item to the ERROR level', () => {
    expect(ValidationErrorItem.parse({ code: 'MISSING_REQUIRED_ATTRIBUTE', location: 'name' }).level).toBe(
      'ERROR',
    );
  });

  it('names the business fault as the original product did', () => {
    expect(BUSINESS_FAULT_NAME).toBe('ParkHere::BusinessError');
    expect(BusinessErrorCode.safeParse('TOO_MANY_RESERVATION').success).toBe(true);
    expect(BusinessErrorCode.safeParse('SOMETHING_ELSE').success).toBe(false);
  });
});
