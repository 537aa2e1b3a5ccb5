import { describe, expect, it } from 'vitest';
import { BusinessError, EntityNotFoundError, ValidationError } from './errors.ts';
import { business, foreign, invalid, toDomainError } from './violation.ts';

describe('from violations to the one error the REST layer maps', () => {
  it('answers nothing when nothing is violated', () => {
    expect(toDomainError([])).toBeNull();
  });

  it("answers 404 first for another user's data, hinting nothing", () => {
    expect(
      toDomainError([invalid('date', 'DATE_IN_THE_PAST'), business('TOO_MANY_RESERVATION'), foreign]),
    ).toEqual(new EntityNotFoundError());
  });

  it('answers an access fault before the fields', () => {
    const error = toDomainError([invalid('date', 'DATE_IN_THE_PAST'), business('CAR_NOT_FOUND')]);
    expect(error).toBeInstanceOf(BusinessError);
    expect(error instanceof BusinessError && error.errorCode).toBe('CAR_NOT_FOUND');
  });

  it('answers every field at once before a quota', () => {
    const error = toDomainError([
      business('TOO_MANY_RESERVATION'),
      invalid('date', 'DATE_IN_THE_PAST', { min: '2026-05-04' }),
      invalid('car', 'MISSING_REQUIRED_ATTRIBUTE'),
    ]);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error instanceof ValidationError && error.items).toEqual([
      { code: 'DATE_IN_THE_PAST', level: 'ERROR', location: 'date', details: { min: '2026-05-04' } },
      { code: 'MISSING_REQUIRED_ATTRIBUTE', level: 'ERROR', location: 'car' },
    ]);
  });

  it('answers the quota when it is the only fault', () => {
    const error = toDomainError([business('TOO_MANY_RESERVATION', 'At most 5')]);
    expect(error instanceof BusinessError && [error.errorCode, error.message]).toEqual([
      'TOO_MANY_RESERVATION',
      'At most 5',
    ]);
  });

  it("keeps a fault's details, so the client can say the quota in the user's language", () => {
    const error = toDomainError([business('TOO_MANY_RESERVATION', 'At most 5', { max: 5 })]);
    expect(error instanceof BusinessError && error.details).toEqual({ max: 5 });
  });
});
