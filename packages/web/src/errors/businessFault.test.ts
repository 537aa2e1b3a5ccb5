import { describe, expect, it } from 'vitest';
import { businessFaultSentence, readBusinessFault } from './businessFault.ts';

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

describe('business fault sentence (one friendly sentence, no internal names)', () => {
  const fault = (details?: Record<string, unknown>) => ({
    'ParkHere::BusinessError': { errorCode: 'TOO_MANY_RESERVATION', message: 'At most 5 upcoming NORMAL' },
    code: 'TOO_MANY_RESERVATION',
    ...(details === undefined ? {} : { details }),
  });

  it('names the quota the server applied', () => {
    expect(businessFaultSentence(fault({ max: 5, reservationType: 'NORMAL' }))).toEqual({
      key: 'businessError.TOO_MANY_RESERVATION_NORMAL',
      values: { count: 5 },
    });
  });

  it("falls back to the code's sentence without a number it was not told", () => {
    expect(businessFaultSentence(fault())).toEqual({ key: 'businessError.TOO_MANY_RESERVATION' });
    expect(businessFaultSentence(fault({ max: 5, reservationType: 'QUICK' }))).toEqual({
      key: 'businessError.TOO_MANY_RESERVATION',
    });
  });

  it('says nothing of its own for a code the app does not know', () => {
    expect(businessFaultSentence({ Other: { errorCode: 'NEW_CODE', message: 'English text' } })).toBeNull();
  });
});

describe('a slot kept for others says until when, in the reader’s language and clock', () => {
  const refusal = (code: string, details?: Record<string, unknown>) => ({
    'ParkHere::BusinessError': { errorCode: code, message: 'English text' },
    code,
    ...(details === undefined ? {} : { details }),
  });

  it('names the pool’s group and its release as an instant the translation formats', () => {
    expect(
      businessFaultSentence(refusal('SLOT_IN_POOL', { group: 'IT', releaseAt: '2026-12-08T13:00:00.000Z' })),
    ).toEqual({
      key: 'businessError.SLOT_IN_POOL',
      values: { group: 'IT', until: new Date('2026-12-08T13:00:00.000Z') },
    });
    expect(
      businessFaultSentence(refusal('SLOT_FOR_PERMIT_HOLDERS', { releaseAt: '2026-12-09T07:30:00.000Z' })),
    ).toEqual({
      key: 'businessError.SLOT_FOR_PERMIT_HOLDERS',
      values: { group: '', until: new Date('2026-12-09T07:30:00.000Z') },
    });
  });

  it('says the rule without a moment it was not told', () => {
    expect(businessFaultSentence(refusal('SLOT_IN_POOL'))).toEqual({
      key: 'businessError.SLOT_IN_POOL_NO_TIME',
    });
    expect(businessFaultSentence(refusal('SLOT_FOR_ELECTRIC_CARS'))).toEqual({
      key: 'businessError.SLOT_FOR_ELECTRIC_CARS',
    });
  });
});
