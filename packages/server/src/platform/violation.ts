import type { BusinessErrorCode, RuleCode, ValidationCode, ValidationErrorItem } from '@parkhere/contract';
import { BusinessError, EntityNotFoundError, ValidationError } from './errors.ts';

/**
 * What a rule answers when it is broken. The rules return these as values; `toDomainError` turns a list
 * into the one error the REST layer maps to HTTP (platform/http/errors.ts).
 * The kernel every module's rules share.
 */
export type Violation =
  /** 400: an item located at the field it concerns. */
  | { kind: 'invalid'; item: ValidationErrorItem }
  /** 422: a business fault of the contract. */
  | { kind: 'business'; code: BusinessErrorCode; message: string; details?: Record<string, unknown> }
  /**
   * 404 ENTITY_NOT_FOUND: naming another user's reservation, holiday or identity without being an administrator.
   * Not 403, so an answer never hints that someone else's entity exists (DESIGN §5).
   */
  | { kind: 'foreign' };

export const invalid = (
  location: string,
  code: RuleCode | ValidationCode,
  details?: Record<string, unknown>,
): Violation => ({
  kind: 'invalid',
  item:
    details === undefined ? { code, level: 'ERROR', location } : { code, level: 'ERROR', location, details },
});

/** `details` are what the client can say in the user's language (a quota's number), beside the message. */
export const business = (
  code: BusinessErrorCode,
  message: string = code,
  details?: Record<string, unknown>,
): Violation =>
  details === undefined ? { kind: 'business', code, message } : { kind: 'business', code, message, details };

export const foreign: Violation = { kind: 'foreign' };

/** Faults about who and what, answered before the fields, so a form is not asked to fix what it cannot. */
const ACCESS_FAULTS: ReadonlySet<BusinessErrorCode> = new Set([
  'PERMISSION_DENIED',
  'USER_NOT_FOUND',
  'CAR_NOT_FOUND',
  'RESERVATION_NOT_FOUND',
  // Before a missing slot: with no garage there is none to pick.
  'NO_GARAGE_ACCESS',
]);

/**
 * The error for a list of violations, or null when there is none. Order: 404, then the 422 access faults,
 * then every 400 item at once (the form shows them all), then the remaining 422s (quota, state).
 */
export const toDomainError = (violations: readonly Violation[]): Error | null => {
  if (violations.some((violation) => violation.kind === 'foreign')) {
    return new EntityNotFoundError();
  }
  const faults = violations.flatMap((violation) => (violation.kind === 'business' ? [violation] : []));
  const accessFault = faults.find((fault) => ACCESS_FAULTS.has(fault.code));
  if (accessFault !== undefined) {
    return new BusinessError(accessFault.code, accessFault.message);
  }
  const items = violations.flatMap((violation) => (violation.kind === 'invalid' ? [violation.item] : []));
  if (items.length > 0) {
    return new ValidationError(items);
  }
  const fault = faults[0];
  return fault === undefined ? null : new BusinessError(fault.code, fault.message, fault.details);
};

/** Throws the error of `toDomainError`; for callers that answer at the first broken rule. */
export const assertNoViolation = (violations: readonly Violation[]): void => {
  const error = toDomainError(violations);
  if (error !== null) {
    throw error;
  }
};
