import type { z } from 'zod';
import { ValidationCode, type ValidationErrorItem } from '../errors.ts';

/** Validation answers are values, never exceptions. */
export type Validated<T> = { ok: true; value: T } | { ok: false; errors: ValidationErrorItem[] };

export const invalid = (code: ValidationCode, location: string, details?: Record<string, unknown>) =>
  ({
    ok: false,
    errors: [
      details === undefined
        ? { code, level: 'ERROR', location }
        : { code, level: 'ERROR', location, details },
    ],
  }) as const satisfies Validated<never>;

/** `['cars', 0, 'licensePlate']` → `cars[0].licensePlate`, the location SPEC §5 maps onto fields. */
export const formatLocation = (path: readonly PropertyKey[]): string =>
  path.reduce<string>((location, key) => {
    if (typeof key === 'number') {
      return `${location}[${key}]`;
    }
    const name = String(key);
    return location === '' ? name : `${location}.${name}`;
  }, '');

type CodedIssue = { code: ValidationCode; path: PropertyKey[] };

/**
 * Our schemas put the JUDO code in each check's message; anything else is classified by zod's issue kind.
 * Unknown keys become one item per key so each lands on its own location.
 */
export const codedIssues = (issue: z.core.$ZodIssue): CodedIssue[] => {
  const path = [...issue.path];
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({ code: 'UNKNOWN_ATTRIBUTE', path: [...path, key] }));
  }
  const named = ValidationCode.safeParse(issue.message);
  if (named.success) {
    return [{ code: named.data, path }];
  }
  switch (issue.code) {
    case 'invalid_type':
      return [{ code: issue.input === undefined ? 'MISSING_REQUIRED_ATTRIBUTE' : 'CONVERSION_FAILED', path }];
    case 'too_big':
      return [{ code: 'MAX_LENGTH_VALIDATION_FAILED', path }];
    case 'invalid_format':
      return [{ code: 'PATTERN_VALIDATION_FAILED', path }];
    default:
      return [{ code: 'CONVERSION_FAILED', path }];
  }
};

export const toErrorItems = (issues: readonly z.core.$ZodIssue[], prefix = ''): ValidationErrorItem[] =>
  issues.flatMap(codedIssues).map(({ code, path }) => {
    const location = formatLocation(path);
    return {
      code,
      level: 'ERROR',
      location: prefix === '' ? location : location === '' ? prefix : `${prefix}.${location}`,
    };
  });
