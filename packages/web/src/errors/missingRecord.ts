import { headers, isValidationErrorItemLike } from '@parkhere/contract';
import { ApiError } from './apiError.ts';

/*
 * A view page's record comes from its link. A link to a record that is gone answers 404; a garbled or stale
 * signed identifier answers 400 INVALID_IDENTIFIER on the header. Both mean "this page does not exist" to the
 * user, so both become the app's not-found page instead of an empty page and a "fill in the fields" toast.
 */

/** Whether the failure of reading a linked record means the record is not there. */
export function isMissingRecord(error: unknown): boolean {
  if (!(error instanceof ApiError)) {
    return false;
  }
  if (error.status === 404) {
    return true;
  }
  return (
    error.status === 400 &&
    Array.isArray(error.body) &&
    error.body.some(
      (item) =>
        isValidationErrorItemLike(item) &&
        item.location === headers.signedIdentifier &&
        (item.code === 'INVALID_IDENTIFIER' || item.code === 'MISSING_REQUIRED_ATTRIBUTE'),
    )
  );
}

/** The error a page throws for a missing record: a 404, which the page's error boundary shows as not found. */
export function asNotFound(error: unknown): unknown {
  return isMissingRecord(error) ? new ApiError(404, undefined) : error;
}
