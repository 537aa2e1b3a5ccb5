import { describe, expect, it } from 'vitest';
import { ApiError } from '../../errors/apiError.ts';
import { holidayRefusalOf, quotaRefusalOf } from './holidayRefusal.ts';

describe('a create refused for the owner’s holiday', () => {
  it('names the holiday the server answered', () => {
    const error = new ApiError(422, {
      code: 'ON_HOLIDAY',
      details: { startDate: '2026-12-01', endDate: '2026-12-03' },
    });
    expect(holidayRefusalOf(error)).toEqual({ startDate: '2026-12-01', endDate: '2026-12-03' });
  });

  it('is nothing for any other answer', () => {
    expect(holidayRefusalOf(new ApiError(422, { code: 'TOO_MANY_RESERVATION' }))).toBeNull();
    expect(holidayRefusalOf(new ApiError(400, [{ code: 'ON_HOLIDAY', location: 'date' }]))).toBeNull();
    expect(holidayRefusalOf(new Error('ON_HOLIDAY'))).toBeNull();
  });
});

describe('the quota a create was refused for', () => {
  it('is the sentence with the limit the server applied', () => {
    const refused = new ApiError(422, {
      'ParkHere::BusinessError': { errorCode: 'TOO_MANY_RESERVATION', message: 'At most 2' },
      code: 'TOO_MANY_RESERVATION',
      details: { max: 2, reservationType: 'LONG' },
    });
    expect(quotaRefusalOf(refused)).toEqual({
      key: 'businessError.TOO_MANY_RESERVATION_LONG',
      values: { count: 2 },
    });
  });

  it('is nothing for any other answer', () => {
    expect(quotaRefusalOf(new ApiError(422, { code: 'ON_HOLIDAY' }))).toBeNull();
    expect(quotaRefusalOf(new ApiError(409, { code: 'TOO_MANY_RESERVATION' }))).toBeNull();
    expect(quotaRefusalOf(new Error('TOO_MANY_RESERVATION'))).toBeNull();
  });
});
