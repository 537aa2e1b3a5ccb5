import type { ValidationCode } from '@parkhere/contract';
import {
  ConflictError,
  type Constraints,
  constrainedAttributeOf,
  exclusionConflictOf,
  takenErrorOf,
  ValidationError,
} from '../platform/errors.ts';

/*
 * PostgreSQL refusals that are the client's fault, as DESIGN §5 answers: constraint violations become 400
 * items on the attribute they concern, exclusion constraints 409 by name, bad regular expressions and
 * values 400. Anything else stays a 500. What a module's constraint names mean comes from the registry
 * (`constraints`, each module's own).
 */

type PgError = { code?: unknown; constraint?: unknown; column?: unknown; table?: unknown };

// The schema's column names are few and an import asks for each once a row: each is converted once.
const camelCased = new Map<string, string>();

/** A column's name as Kysely reads it (CamelCasePlugin) and the model names it: `is_active` is `isActive`. */
export const camelCase = (name: string): string => {
  let converted = camelCased.get(name);
  if (converted === undefined) {
    converted = name.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
    camelCased.set(name, converted);
  }
  return converted;
};

/** PostgreSQL names single-column constraints `<table>_<column>_check|key`; the column is the location. */
const constrainedAttribute = (constraints: Constraints, constraint: string, table: unknown): string => {
  const known = constrainedAttributeOf(constraints, constraint);
  if (known !== undefined) {
    return known;
  }
  const match =
    typeof table === 'string' ? new RegExp(`^${table}_([a-z_]+?)_(check|key)$`).exec(constraint) : null;
  return match?.[1] === undefined ? '' : camelCase(match[1]);
};

const item = (code: ValidationCode, location: string, details?: Record<string, unknown>) =>
  new ValidationError([
    details === undefined ? { code, level: 'ERROR', location } : { code, level: 'ERROR', location, details },
  ]);

/** The domain error for a database error, or the error itself when it is not the client's. */
export const fromDatabaseError = (constraints: Constraints, error: unknown, prefix = ''): unknown => {
  if (typeof error !== 'object' || error === null) {
    return error;
  }
  const { code, constraint, column, table } = error as PgError;
  const constraintName = typeof constraint === 'string' ? constraint : '';
  const at = (location: string) =>
    prefix === '' ? location : location === '' ? prefix : `${prefix}.${location}`;
  switch (code) {
    case '23505':
      return (
        takenErrorOf(constraints, constraintName) ??
        item('UNIQUE_CONSTRAINT_VIOLATED', at(constrainedAttribute(constraints, constraintName, table)), {
          constraint: constraintName,
        })
      );
    case '23503':
    case '23001':
      return item('REFERENCE_CONSTRAINT_VIOLATED', at(''), { constraint: constraintName });
    case '23514':
      return item('CHECK_CONSTRAINT_VIOLATED', at(constrainedAttribute(constraints, constraintName, table)), {
        constraint: constraintName,
      });
    case '23502':
      return item('MISSING_REQUIRED_ATTRIBUTE', at(typeof column === 'string' ? camelCase(column) : ''));
    case '23P01':
      return new ConflictError(exclusionConflictOf(constraints, constraintName));
    case '2201B':
    case '22007':
    case '22008':
    case '22P02':
    case '22003':
    // A NUL character in a filter value: PostgreSQL text cannot hold it.
    case '22021':
      return item('CONVERSION_FAILED', at(''));
    default:
      return error;
  }
};

export const rethrowDatabaseError =
  (constraints: Constraints, prefix = '') =>
  (error: unknown): never => {
    throw fromDatabaseError(constraints, error, prefix);
  };
