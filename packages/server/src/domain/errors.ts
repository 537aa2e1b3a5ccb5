import type {
  AuthenticationCode,
  BusinessErrorCode,
  ConflictCode,
  ForbiddenCode,
  ValidationErrorItem,
} from '@parkhere/contract';

/**
 * Errors the domain and the access checks throw. They carry the contract's codes only;
 * src/rest/errors.ts turns them into HTTP responses.
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

export class ConflictError extends Error {
  override name = 'ConflictError';
  constructor(
    readonly code: ConflictCode,
    readonly details?: Record<string, unknown>,
  ) {
    super(code);
  }
}

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
  ) {
    super(message);
  }
}
