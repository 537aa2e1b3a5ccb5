import { describe, expect, it } from 'vitest';
import { BusinessError, ConflictError, type ValidationError } from '../platform/errors.ts';
import { registry } from '../registry.ts';
import { fromDatabaseError } from './database-errors.ts';

const items = (error: unknown) => (error as ValidationError).items;

describe('fromDatabaseError', () => {
  it('puts constraint violations on the attribute they guard', () => {
    expect(
      items(
        fromDatabaseError(registry.constraints, { code: '23505', constraint: 'cars_user_license_plate_key' }),
      ),
    ).toEqual([expect.objectContaining({ code: 'UNIQUE_CONSTRAINT_VIOLATED', location: 'licensePlate' })]);
    expect(
      items(
        fromDatabaseError(registry.constraints, {
          code: '23514',
          constraint: 'parking_garages_name_check',
          table: 'parking_garages',
        }),
      ),
    ).toEqual([expect.objectContaining({ code: 'CHECK_CONSTRAINT_VIOLATED', location: 'name' })]);
    expect(items(fromDatabaseError(registry.constraints, { code: '23001', constraint: 'x' }))).toEqual([
      expect.objectContaining({ code: 'REFERENCE_CONSTRAINT_VIOLATED', location: '' }),
    ]);
  });

  it("answers a unique constraint that is a business rule as its 422: another user's email is taken", () => {
    const error = fromDatabaseError(registry.constraints, { code: '23505', constraint: 'users_email_key' });
    expect(error).toBeInstanceOf(BusinessError);
    expect((error as BusinessError).errorCode).toBe('USER_EMAIL_TAKEN');
  });

  it('answers exclusion constraints as 409 by name', () => {
    const error = fromDatabaseError(registry.constraints, {
      code: '23P01',
      constraint: 'reservations_slot_no_overlap',
    });
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).code).toBe('SLOT_ALREADY_RESERVED');
  });

  it('answers a value the column cannot take (e.g. a NUL character in text) as CONVERSION_FAILED', () => {
    for (const code of ['22021', '22P02', '22003']) {
      expect(items(fromDatabaseError(registry.constraints, { code }, 'filter'))).toEqual([
        expect.objectContaining({ code: 'CONVERSION_FAILED', location: 'filter' }),
      ]);
    }
  });

  it('leaves other errors alone', () => {
    const error = new Error('boom');
    expect(fromDatabaseError(registry.constraints, error)).toBe(error);
  });
});
