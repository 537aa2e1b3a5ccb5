import type { ValidationErrorItem } from '@parkhere/contract';
import { isConflictCode, isValidationErrorItemLike } from '@parkhere/contract/plain';
import { ApiError } from './apiError.ts';
import { OfflineError } from './offlineError.ts';

/** What the app does about a failed call: one row of the SPEC §8 catalogue. Messages are `system` keys. */
export type ErrorOutcome =
  | { kind: 'reauthenticate'; message: string }
  | { kind: 'toast'; message: string; fields?: ValidationErrorItem[] }
  | { kind: 'businessFault'; body: unknown };

function codeOf(body: unknown): unknown {
  return typeof body === 'object' && body !== null && 'code' in body ? body.code : undefined;
}

function validationItems(body: unknown): ValidationErrorItem[] {
  if (!Array.isArray(body)) {
    return [];
  }
  return body.flatMap((item) =>
    isValidationErrorItemLike(item) ? [{ ...item, level: item.level ?? 'ERROR' }] : [],
  );
}

/** Maps an error to its catalogue row. Pure, so every row is tested without a server. */
export function classifyError(error: unknown): ErrorOutcome {
  if (error instanceof OfflineError) {
    return { kind: 'toast', message: 'error.offline' };
  }
  if (!(error instanceof ApiError)) {
    return { kind: 'toast', message: 'error.nonHttp' };
  }
  if (!error.received) {
    return { kind: 'toast', message: 'error.noResponse' };
  }
  switch (error.status) {
    case 0:
      return { kind: 'toast', message: 'error.noStatus' };
    case 400:
      return { kind: 'toast', message: 'error.validation', fields: validationItems(error.body) };
    case 401:
      return { kind: 'reauthenticate', message: 'error.unauthorized' };
    case 403:
      return { kind: 'toast', message: 'error.forbidden' };
    case 404:
      return { kind: 'toast', message: 'error.notFound' };
    case 409: {
      // The catalogue has no 409 row; each conflict gets its own message, never the unknown-error text.
      const code = codeOf(error.body);
      return {
        kind: 'toast',
        message: isConflictCode(code) ? `error.conflict.${code}` : 'error.conflict.other',
      };
    }
    case 422:
      return { kind: 'businessFault', body: error.body };
    case 500:
      return { kind: 'toast', message: 'error.internal' };
    default:
      return { kind: 'toast', message: 'error.unknown' };
  }
}
