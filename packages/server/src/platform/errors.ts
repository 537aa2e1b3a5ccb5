import type {
  AuthenticationCode,
  BusinessErrorCode,
  ConflictCode,
  ForbiddenCode,
  ValidationErrorItem,
} from '@parkhere/contract';

/**
 * Errors the domain and the access checks throw. They carry the contract's codes only;
 * platform/http/errors.ts turns them into HTTP responses.
 */
export class AuthenticationError extends Error {
  override name = 'AuthenticationError';
  constructor(readonly code: AuthenticationCode) {
    super(code);
  }
}

export class ForbiddenError extends Error {
  override name = 'ForbiddenError';
  constructor(readonly code: ForbiddenCode) {
    super(code);
  }
}

export class EntityNotFoundError extends Error {
  override name = 'EntityNotFoundError';
  constructor() {
    super('ENTITY_NOT_FOUND');
  }
}

/** What a lookup found; 404 ENTITY_NOT_FOUND when it found nothing. */
export const orNotFound = <T>(value: T | undefined): T => {
  if (value === undefined) {
    throw new EntityNotFoundError();
  }
  return value;
};

export class ConflictError extends Error {
  override name = 'ConflictError';
  constructor(
    readonly code: ConflictCode,
    readonly details?: Record<string, unknown>,
  ) {
    super(code);
  }
}

/**
 * The exclusion constraints' refusals (SQLSTATE 23P01) by constraint name, the one map of them: the REST
 * layer's database error mapping and the reservation writes behind a savepoint both answer through it. An
 * exclusion constraint it does not name is an overlap of the owner's.
 */
const EXCLUSION_CONFLICTS: Readonly<Record<string, ConflictCode>> = {
  reservations_slot_no_overlap: 'SLOT_ALREADY_RESERVED',
  reservations_owner_no_overlap: 'OVERLAPPING_RESERVATION',
  holidays_no_overlap: 'OVERLAPPING_RESERVATION',
  waitlist_entries_owner_no_overlap: 'ALREADY_ON_WAITLIST',
};

export const exclusionConflictOf = (constraint: unknown): ConflictCode =>
  EXCLUSION_CONFLICTS[typeof constraint === 'string' ? constraint : ''] ?? 'OVERLAPPING_RESERVATION';

export class ValidationError extends Error {
  override name = 'ValidationError';
  constructor(readonly items: ValidationErrorItem[]) {
    super(items.map((item) => item.code).join(', '));
  }
}

export class BusinessError extends Error {
  override name = 'BusinessError';
  constructor(
    readonly errorCode: BusinessErrorCode,
    message: string = errorCode,
    /** What the client may act on, e.g. the free slot of a waitlist join's SLOT_AVAILABLE. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}
