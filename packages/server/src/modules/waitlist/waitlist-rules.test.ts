import { describe, expect, it } from 'vitest';
import { BusinessError, ConflictError, EntityNotFoundError, ValidationError } from '../../platform/errors.ts';
import { afterFailedAttempt, checkWaitlistType, checkWaitScope } from './waitlist-rules.ts';

describe('which requests may wait', () => {
  it('every type but a LONG series', () => {
    expect(checkWaitlistType('NORMAL')).toEqual([]);
    expect(checkWaitlistType('QUICK')).toEqual([]);
    expect(checkWaitlistType('GUEST')).toEqual([]);
    expect(checkWaitlistType('LONG')).toEqual([
      expect.objectContaining({ kind: 'business', code: 'WAITLIST_NOT_FOR_SERIES' }),
    ]);
  });

  it('only where the owner may reserve: the chosen garage, or any garage at all', () => {
    expect(checkWaitScope(true, true)).toEqual([]);
    expect(checkWaitScope(false, true)).toEqual([]);
    expect(checkWaitScope(true, false)).toEqual([
      { kind: 'invalid', item: { code: 'NOT_ACCEPTED_BY_RANGE', level: 'ERROR', location: 'parkingGarage' } },
    ]);
    expect(checkWaitScope(false, false)).toEqual([
      expect.objectContaining({ kind: 'business', code: 'NO_GARAGE_ACCESS' }),
    ]);
  });
});

describe('a promotion after a failed create attempt', () => {
  it('tries the next slot only when a concurrent create took this one', () => {
    expect(afterFailedAttempt(new ConflictError('SLOT_ALREADY_RESERVED'))).toBe('next slot');
    expect(afterFailedAttempt(new ConflictError('OVERLAPPING_RESERVATION'))).toBe('keep waiting');
  });

  it('keeps the entry waiting on a rule refusal, and fails the job on anything else', () => {
    expect(afterFailedAttempt(new BusinessError('TOO_MANY_RESERVATION'))).toBe('keep waiting');
    expect(
      afterFailedAttempt(
        new ValidationError([{ code: 'NOT_A_WORKING_DAY', level: 'ERROR', location: 'date' }]),
      ),
    ).toBe('keep waiting');
    expect(afterFailedAttempt(new EntityNotFoundError())).toBe('keep waiting');
    expect(afterFailedAttempt(new Error('connection reset'))).toBe('fail');
  });
});
