import { z } from 'zod';
import {
  AUTHENTICATION_CODES,
  BUSINESS_ERROR_CODES,
  BUSINESS_FAULT_NAME,
  CONFLICT_CODES,
  FORBIDDEN_CODES,
} from './codes.ts';

/** Codes of 400 validation items (DESIGN §5). */
export const ValidationCode = z.enum([
  'MISSING_REQUIRED_ATTRIBUTE',
  'MAX_LENGTH_VALIDATION_FAILED',
  'PATTERN_VALIDATION_FAILED',
  'CONVERSION_FAILED',
  'NOT_ACCEPTED_BY_RANGE',
  'INVALID_IDENTIFIER',
  'INVALID_JSON',
  'INVALID_QUERY_MASK',
  // An answer over ANSWER_LIMITS: more items than one list (or one nested list) may hold, or too many bytes.
  'TOO_MANY_ITEMS',
  'ANSWER_TOO_LARGE',
  // A period longer than its call allows (the availability's AVAILABILITY_MAX_DAYS).
  'TOO_MANY_DAYS',
  // A push subscription's endpoint the server will not send to (push.ts, PUSH_ENDPOINT_CODES).
  'PUSH_ENDPOINT_NOT_HTTPS',
  'PUSH_ENDPOINT_NOT_PUBLIC',
  'PUSH_ENDPOINT_UNRESOLVED',
  'UNKNOWN_ATTRIBUTE',
  'UNKNOWN_OPERATOR',
  // Database constraints the body alone cannot show: a duplicate, a dangling reference, a failed check.
  'UNIQUE_CONSTRAINT_VIOLATED',
  'REFERENCE_CONSTRAINT_VIOLATED',
  'CHECK_CONSTRAINT_VIOLATED',
  // The file flow (DESIGN §5): an upload or download token that does not verify, and the upload limits.
  'INVALID_TOKEN',
  'FILE_TYPE_NOT_ALLOWED',
  'MAX_FILE_SIZE_EXCEEDED',
]);
export type ValidationCode = z.infer<typeof ValidationCode>;

export const ValidationErrorItem = z.object({
  code: z.string(),
  level: z.enum(['ERROR', 'WARNING']).default('ERROR'),
  location: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ValidationErrorItem = z.infer<typeof ValidationErrorItem>;

/** 401 codes. */
export const AuthenticationCode = z.enum(AUTHENTICATION_CODES);
export type AuthenticationCode = z.infer<typeof AuthenticationCode>;

/**
 * 403 codes. AUTHENTICATED_ENTITY_NOT_FOUND is what the principal call answers for an unknown account;
 * IDENTITY_CONFLICT and EMAIL_NOT_VERIFIED for an account it will not bind to a user (see resolve-actor.ts).
 */
export const ForbiddenCode = z.enum(FORBIDDEN_CODES);
export type ForbiddenCode = z.infer<typeof ForbiddenCode>;

/** 409 codes; the client shows a specific message for each. */
export const ConflictCode = z.enum(CONFLICT_CODES);
export type ConflictCode = z.infer<typeof ConflictCode>;

/** 422 business fault codes, carried as {"ParkHere::BusinessError": {errorCode, message}, code}. */
export const BusinessErrorCode = z.enum(BUSINESS_ERROR_CODES);
export type BusinessErrorCode = z.infer<typeof BusinessErrorCode>;

/** Bodies of the non-400 error responses: {code, ...}. */
export type ErrorBody =
  | { code: AuthenticationCode }
  | { code: ForbiddenCode }
  | { code: 'ENTITY_NOT_FOUND' }
  | { code: ConflictCode; details?: Record<string, unknown> }
  | { code: 'INTERNAL_SERVER_ERROR' };

export type BusinessFaultBody = {
  [BUSINESS_FAULT_NAME]: { errorCode: BusinessErrorCode; message: string; details?: Record<string, unknown> };
  code: BusinessErrorCode;
  /** What the client can act on (SLOT_AVAILABLE: the `nextFreeSlot` to reserve instead). */
  details?: Record<string, unknown>;
};
