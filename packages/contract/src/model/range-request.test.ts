import { describe, expect, it } from 'vitest';
import { parseRangeRequest } from './range-request.ts';

describe('range request', () => {
  it('reads the owner form and the query customizer over the target type', () => {
    const owner = {
      date: '2027-03-01',
      startTime: '08:00:00',
      endTime: '12:00:00',
      reservationType: 'NORMAL',
    };
    const result = parseRangeRequest('ReservationInput', 'ParkingSlot', {
      owner,
      queryCustomizer: { _seek: { limit: 11 }, aggregaredName: [{ operator: 'like', value: '%a-1%' }] },
    });
    expect(result).toMatchObject({
      ok: true,
      value: {
        owner,
        query: {
          seek: { limit: 11 },
          filters: [{ attribute: 'aggregaredName', operator: 'like', value: '%a-1%' }],
        },
      },
    });
  });

  it('accepts an empty body', () => {
    expect(parseRangeRequest('ProfileSettings', 'ParkingSlot', undefined)).toMatchObject({
      ok: true,
      value: { owner: null },
    });
  });

  it('points errors into owner and queryCustomizer', () => {
    expect(
      parseRangeRequest('ReservationInput', 'ParkingSlot', { owner: { date: 'tomorrow' } }),
    ).toMatchObject({
      errors: [{ code: 'CONVERSION_FAILED', location: 'owner.date' }],
    });
    expect(
      parseRangeRequest('ReservationInput', 'ParkingSlot', { queryCustomizer: { licensePlate: [] } }),
    ).toMatchObject({ errors: [{ code: 'UNKNOWN_ATTRIBUTE', location: 'queryCustomizer.licensePlate' }] });
    expect(parseRangeRequest('ReservationInput', 'ParkingSlot', { owner: {}, extra: 1 })).toMatchObject({
      errors: [{ code: 'UNKNOWN_ATTRIBUTE', location: 'extra' }],
    });
  });
});
