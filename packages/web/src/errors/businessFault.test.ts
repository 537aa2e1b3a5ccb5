import { describe, expect, it } from 'vitest';
import { readBusinessFault } from './businessFault.ts';

describe('business fault body (SPEC §8, 422)', () => {
  it('takes the first key as the fault name and lists its fields', () => {
    const fault = readBusinessFault({
      'ParkHere::BusinessError': { errorCode: 'CAR_NOT_FOUND', message: 'No such car' },
      code: 'CAR_NOT_FOUND',
    });
    expect(fault).toEqual({
      name: 'ParkHere::BusinessError',
      code: 'CAR_NOT_FOUND',
      items: [
        { field: 'errorCode', value: 'CAR_NOT_FOUND' },
        { field: 'message', value: 'No such car' },
      ],
    });
  });

  it('ignores an unknown code rather than showing a wrong message', () => {
    expect(readBusinessFault({ Other: { errorCode: 'NEW_CODE' } }).code).toBeUndefined();
  });
});
