import { describe, expect, it } from 'vitest';
import { ApiError } from '../../errors/apiError.ts';
import { fieldErrorText, formErrorsOf, withoutField } from './fieldErrors.ts';

const fields = ['date', 'startTime', 'endTime', 'parkingSlot', 'guestLicensePlate'];

describe('server errors on the reservation form', () => {
  it('puts 400 items on the field their location names', () => {
    const error = new ApiError(400, [
      { code: 'BEFORE_NOON', level: 'ERROR', location: 'startTime' },
      { code: 'PATTERN_VALIDATION_FAILED', level: 'ERROR', location: 'guestLicensePlate' },
    ]);
    expect(formErrorsOf(error, fields)).toEqual({
      fields: { startTime: ['BEFORE_NOON'], guestLicensePlate: ['PATTERN_VALIDATION_FAILED'] },
      form: [],
    });
  });

  it('attributes a nested location to its owning relation', () => {
    const error = new ApiError(400, [
      { code: 'NOT_ACCEPTED_BY_RANGE', location: 'parkingSlot.__signedIdentifier' },
    ]);
    expect(formErrorsOf(error, fields).fields).toEqual({ parkingSlot: ['NOT_ACCEPTED_BY_RANGE'] });
  });

  it('keeps items no field owns for under the form', () => {
    const error = new ApiError(400, [{ code: 'INVALID_JSON', location: '' }]);
    expect(formErrorsOf(error, fields)).toEqual({ fields: {}, form: ['INVALID_JSON'] });
  });

  it('has no field errors for anything but a 400', () => {
    expect(formErrorsOf(new ApiError(409, { code: 'SLOT_ALREADY_RESERVED' }), fields)).toEqual({
      fields: {},
      form: [],
    });
  });

  it('joins several messages on one field with a comma, falling back to the code', () => {
    const translate = (code: string) => (code === 'END_NOT_AFTER_START' ? 'End must follow start' : code);
    expect(
      fieldErrorText({ endTime: ['END_NOT_AFTER_START', 'SHORTER_THAN_MINIMUM'] }, 'endTime', translate),
    ).toBe('End must follow start, SHORTER_THAN_MINIMUM');
    expect(fieldErrorText({}, 'endTime', translate)).toBeUndefined();
  });

  it('forgets a field error once the field changes', () => {
    const errors = { fields: { date: ['DATE_IN_THE_PAST'], endTime: ['X'] }, form: [] };
    expect(withoutField(errors, 'date').fields).toEqual({ endTime: ['X'] });
  });
});
