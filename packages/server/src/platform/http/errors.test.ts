import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  BusinessError,
  ConflictError,
  EntityNotFoundError,
  ForbiddenError,
  ValidationError,
} from '../errors.ts';
import { toHttpError } from './errors.ts';

describe('toHttpError', () => {
  it('maps domain errors to the DESIGN §5 statuses and bodies', () => {
    expect(toHttpError(new AuthenticationError('ACCESS_TOKEN_EXPIRED'))).toMatchObject({
      status: 401,
      body: { code: 'ACCESS_TOKEN_EXPIRED' },
      headers: { 'WWW-Authenticate': expect.stringContaining('invalid_token') },
    });
    expect(toHttpError(new ForbiddenError('PERMISSION_DENIED'))).toEqual({
      status: 403,
      body: { code: 'PERMISSION_DENIED' },
    });
    expect(toHttpError(new EntityNotFoundError())).toEqual({
      status: 404,
      body: { code: 'ENTITY_NOT_FOUND' },
    });
    expect(toHttpError(new ConflictError('SLOT_ALREADY_RESERVED', { nextFreeSlot: 'x' }))).toEqual({
      status: 409,
      body: { code: 'SLOT_ALREADY_RESERVED', details: { nextFreeSlot: 'x' } },
    });
    expect(
      toHttpError(
        new ValidationError([{ code: 'MISSING_REQUIRED_ATTRIBUTE', level: 'ERROR', location: 'name' }]),
      ),
    ).toEqual({
      status: 400,
      body: [{ code: 'MISSING_REQUIRED_ATTRIBUTE', level: 'ERROR', location: 'name' }],
    });
  });

  it('shapes a business fault as the original product did, with the X-Fault header', () => {
    expect(toHttpError(new BusinessError('TOO_MANY_RESERVATION', 'Too many'))).toEqual({
      status: 422,
      body: {
        'ParkHere::BusinessError': { errorCode: 'TOO_MANY_RESERVATION', message: 'Too many' },
        code: 'TOO_MANY_RESERVATION',
      },
      headers: { 'X-Fault': 'ParkHere::BusinessError' },
    });
  });

  it('hides the internals of unexpected errors', () => {
    const mapped = toHttpError(new Error('connection to 10.0.0.5 failed: password authentication failed'));
    expect(mapped).toEqual({ status: 500, body: { code: 'INTERNAL_SERVER_ERROR' } });
  });
});
