import { describe, expect, it } from 'vitest';
import { ApiError } from '../../errors/apiError.ts';
import { holidayRefusalOf } from './holidayRefusal.ts';

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
