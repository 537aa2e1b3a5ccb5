import { describe, expect, it } from 'vitest';
import { ApiError } from './apiError.ts';
import { asNotFound, isMissingRecord } from './missingRecord.ts';

describe('a linked record that is not there', () => {
  const garbled = new ApiError(400, [
    { code: 'INVALID_IDENTIFIER', level: 'ERROR', location: 'X-Judo-SignedIdentifier' },
  ]);

  it('is a 404, or a 400 on the signed identifier of the link', () => {
    expect(isMissingRecord(new ApiError(404, { code: 'ENTITY_NOT_FOUND' }))).toBe(true);
    expect(isMissingRecord(garbled)).toBe(true);
  });

  it('is not a 400 on a field, another status or a failure without an answer', () => {
    expect(isMissingRecord(new ApiError(400, [{ code: 'INVALID_IDENTIFIER', location: 'car' }]))).toBe(false);
    expect(isMissingRecord(new ApiError(403, { code: 'X' }))).toBe(false);
    expect(isMissingRecord(new ApiError(0, undefined, false))).toBe(false);
    expect(isMissingRecord(new Error('boom'))).toBe(false);
  });

  it("becomes a 404 for the page's error boundary; other errors stay as they are", () => {
    expect(asNotFound(garbled)).toMatchObject({ status: 404 });
    const other = new ApiError(500, undefined);
    expect(asNotFound(other)).toBe(other);
  });
});
