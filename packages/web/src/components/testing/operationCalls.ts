import { expect } from 'vitest';
import { operation } from '../../api/model.ts';

/**
 * Expects `operation` called as a client calls it on one row: the type and the operation, the body (none unless
 * given) and the row, by its signed identifier. The test mocks `operation`.
 */
export function expectOperationOn(type: string, name: string, signedIdentifier: string, body?: unknown) {
  expect(operation).toHaveBeenCalledWith(
    type,
    name,
    body,
    expect.objectContaining({ __signedIdentifier: signedIdentifier }),
  );
}
