import type { TransferName } from '@parkhere/contract';
import { reportError } from '../../api/client.ts';
import { get, type Row } from '../../api/model.ts';
import { ApiError } from '../../errors/apiError.ts';
import { asNotFound, isMissingRecord } from '../../errors/missingRecord.ts';

/**
 * The record a view route's link names. A stale or garbled link is no form error but a page that does not
 * exist: it fails as a 404 without a toast; other failures go through the error pipeline as usual.
 */
export function getLinkedRecord<T extends Row = Row>(
  type: TransferName,
  signedIdentifier: string,
): Promise<T> {
  return get<T>(type, signedIdentifier, {}, { handleErrors: false }).catch((error: unknown) => {
    if (!isMissingRecord(error)) {
      reportError(error);
    }
    throw asNotFound(error);
  });
}

/** For a query's `throwOnError`: a missing record shows the page's not-found page (its error boundary). */
export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;
