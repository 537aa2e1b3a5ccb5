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
 * What the named constraints of a module's tables mean to a client, where SQLSTATE and name alone do not say
 * it: an exclusion constraint's refusal (23P01) answers 409 `conflict`; a unique or check constraint whose name
 * is not `<table>_<column>_check|key` puts its 400 on `attribute`; a unique constraint that is a business rule
 * (a user's email is theirs alone) answers its 422 `taken`, whichever write ran into it. Each module's index.ts
 * contributes those of its own tables (`constraints`); registry.ts assembles them for the engine.
 */
export type ConstraintMeaning =
  | { readonly conflict: ConflictCode }
  | { readonly attribute: string }
  | { readonly taken: BusinessErrorCode; readonly message: string };

export type Constraints = Readonly<Record<string, ConstraintMeaning>>;

const meaningOf = (constraints: Constraints, constraint: unknown): ConstraintMeaning | undefined =>
  typeof constraint === 'string' && Object.hasOwn(constraints, constraint)
    ? constraints[constraint]
    : undefined;

/** An exclusion constraint's refusal as its conflict code: one `constraints` does not name is an overlap of the owner's. */
export const exclusionConflictOf = (constraints: Constraints, constraint: unknown): ConflictCode => {
  const meaning = meaningOf(constraints, constraint);
  return meaning !== undefined && 'conflict' in meaning ? meaning.conflict : 'OVERLAPPING_RESERVATION';
};

/** The 422 `constraints` says a unique constraint's refusal is, or undefined when it is a field's 400. */
export const takenErrorOf = (constraints: Constraints, constraint: unknown): BusinessError | undefined => {
  const meaning = meaningOf(constraints, constraint);
  return meaning !== undefined && 'taken' in meaning
    ? new BusinessError(meaning.taken, meaning.message)
    : undefined;
};

/** The attribute `constraints` says a constraint guards, or undefined when its name is to say it. */
export const constrainedAttributeOf = (constraints: Constraints, constraint: unknown): string | undefined => {
  const meaning = meaningOf(constraints, constraint);
  return meaning !== undefined && 'attribute' in meaning ? meaning.attribute : undefined;
};

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
