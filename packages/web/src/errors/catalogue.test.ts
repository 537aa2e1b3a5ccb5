import { afterEach, describe, expect, it } from 'vitest';
import { resetExtensions, setErrorInterceptor } from '../extensions/registry.ts';
import { ApiError } from './apiError.ts';
import { classifyError } from './catalogue.ts';
import { type ErrorHandlerDeps, handleError } from './handleError.ts';

function recorder() {
  const shown: string[] = [];
  const faults: unknown[] = [];
  let reauthenticated = 0;
  const deps: ErrorHandlerDeps = {
    translate: (key, fallback) => (key.startsWith('validation.') ? (fallback ?? key) : `<${key}>`),
    showError: (message) => shown.push(message),
    showBusinessFault: (body) => faults.push(body),
    reauthenticate: () => {
      reauthenticated += 1;
    },
  };
  return { deps, shown, faults, reauthenticated: () => reauthenticated };
}

describe('error catalogue (SPEC §8)', () => {
  afterEach(() => resetExtensions());

  it.each([
    [403, 'error.forbidden'],
    [404, 'error.notFound'],
    [500, 'error.internal'],
    [503, 'error.unknown'],
    [418, 'error.unknown'],
  ])('shows HTTP %i as the %s toast', (status, message) => {
    expect(classifyError(new ApiError(status, { code: 'X' }))).toEqual({ kind: 'toast', message });
  });

  it('asks for a new sign-in on 401', () => {
    const { deps, shown, reauthenticated } = recorder();
    handleError(new ApiError(401, { code: 'ACCESS_TOKEN_EXPIRED' }), deps);
    expect(shown).toEqual(['<error.unauthorized>']);
    expect(reauthenticated()).toBe(1);
  });

  it("says one short sentence for a 400: its items are the fields' to show, never named in the toast", () => {
    const { deps, shown } = recorder();
    const body = [
      { code: 'MISSING_REQUIRED_ATTRIBUTE', level: 'ERROR', location: 'licensePlate' },
      { code: 'INVALID_IDENTIFIER', location: 'X-Judo-SignedIdentifier' },
    ];
    handleError(new ApiError(400, body), deps);
    expect(shown).toEqual(['<error.validation>']);
  });

  it('opens the business-fault dialog on 422 instead of a toast', () => {
    const { deps, shown, faults } = recorder();
    const body = {
      'ParkHere::BusinessError': { errorCode: 'TOO_MANY_RESERVATION', message: 'limit' },
      code: 'TOO_MANY_RESERVATION',
    };
    handleError(new ApiError(422, body), deps);
    expect(faults).toEqual([body]);
    expect(shown).toEqual([]);
  });

  it.each([
    ['SLOT_ALREADY_RESERVED', 'error.conflict.SLOT_ALREADY_RESERVED'],
    ['OVERLAPPING_RESERVATION', 'error.conflict.OVERLAPPING_RESERVATION'],
    ['VERSION_CONFLICT', 'error.conflict.VERSION_CONFLICT'],
    ['SOMETHING_ELSE', 'error.conflict.other'],
  ])('gives the 409 code %s its own message, never the unknown-error text', (code, message) => {
    expect(classifyError(new ApiError(409, { code }))).toEqual({ kind: 'toast', message });
  });

  it('tells apart no response, no status and a non-HTTP error', () => {
    expect(classifyError(new ApiError(0, undefined, false))).toEqual({
      kind: 'toast',
      message: 'error.noResponse',
    });
    expect(classifyError(new ApiError(0, undefined))).toEqual({ kind: 'toast', message: 'error.noStatus' });
    expect(classifyError(new TypeError('x is undefined'))).toEqual({
      kind: 'toast',
      message: 'error.nonHttp',
    });
  });

  it('lets a registered interceptor see the error first and swallow it', () => {
    const { deps, shown, reauthenticated } = recorder();
    const seen: unknown[] = [];
    setErrorInterceptor((error) => {
      seen.push(error);
      return error instanceof ApiError && error.status === 401;
    });
    const unauthorized = new ApiError(401, {});
    handleError(unauthorized, deps);
    expect(seen).toEqual([unauthorized]);
    expect(shown).toEqual([]);
    expect(reauthenticated()).toBe(0);

    handleError(new ApiError(404, {}), deps);
    expect(shown).toEqual(['<error.notFound>']);
  });
});
