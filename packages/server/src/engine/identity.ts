import { type TransferName, transferTypes } from '@parkhere/contract';
import { ValidationError } from '../platform/errors.ts';
import type { SignedIdentifiers, SignedIdentity } from '../platform/http/signed-identifier.ts';

const refuse = (code: 'MISSING_REQUIRED_ATTRIBUTE' | 'INVALID_IDENTIFIER', location: string) =>
  new ValidationError([{ code, level: 'ERROR', location }]);

/**
 * What a signed identifier must be of: a transfer type, or any transfer type of an entity (a garage listed as a
 * ParkingGarage or as its settings).
 */
export type IdentifierOf = TransferName | { entity: string };

const isOf = (expected: IdentifierOf, signedType: string): boolean =>
  typeof expected === 'string'
    ? signedType === transferTypes[expected].entityType
    : Object.values(transferTypes).some(
        (type) => type.entity === expected.entity && type.entityType === signedType,
      );

/**
 * The identity behind a signed identifier of the expected type. Missing → 400 MISSING_REQUIRED_ATTRIBUTE;
 * forged, garbled or of another type → 400 INVALID_IDENTIFIER. Whether the actor may see it is the
 * caller's SQL question (404 when not).
 */
export const verifyIdentifier = async (
  identifiers: SignedIdentifiers,
  value: unknown,
  type: IdentifierOf,
  location: string,
): Promise<SignedIdentity> => {
  if (value === undefined || value === null || value === '') {
    throw refuse('MISSING_REQUIRED_ATTRIBUTE', location);
  }
  if (typeof value !== 'string' || value.length > 2048) {
    throw refuse('INVALID_IDENTIFIER', location);
  }
  const identity = await identifiers.verify(value);
  if (identity === undefined || !isOf(type, identity.type)) {
    throw refuse('INVALID_IDENTIFIER', location);
  }
  return identity;
};

/** A header value as one string (repeated headers are refused as garbled). */
export const headerValue = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? (value.length === 1 ? value[0] : '\u0000') : value;
