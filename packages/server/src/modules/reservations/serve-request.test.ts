import { describe, expect, it } from 'vitest';
import { BusinessError, ConflictError, EntityNotFoundError, ValidationError } from '../../platform/errors.ts';
import { afterFailedAttempt } from './serve-request.ts';

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
