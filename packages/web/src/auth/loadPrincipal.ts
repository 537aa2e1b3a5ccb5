import type { Principal } from '@parkhere/contract';
import { actorPaths } from '@parkhere/contract/plain';
import { ApiError, api } from '../api/client.ts';
import { withOfflineCopy } from '../offline/offlineCopy.ts';
import type { PrincipalState } from './gate.ts';

// A structural check instead of the contract's zod schema keeps zod out of the first-load bundle.
export function isPrincipal(body: unknown): body is Principal {
  return (
    typeof body === 'object' &&
    body !== null &&
    '__signedIdentifier' in body &&
    typeof body.__signedIdentifier === 'string' &&
    'preferredUsername' in body &&
    typeof body.preferredUsername === 'string' &&
    'isAdministrator' in body &&
    typeof body.isAdministrator === 'boolean'
  );
}

/** Fetches the principal; a failure becomes a state with the response's code, which picks the error screen. */
export async function loadPrincipal(): Promise<PrincipalState> {
  try {
    // Offline, who the user is comes from the copy of their last online visit (the worker keeps no answer
    // about a user).
    const body: unknown = await withOfflineCopy('principal', () =>
      api.get<Record<string, unknown>>(actorPaths.principal, { handleErrors: false }),
    );
    if (!isPrincipal(body)) {
      console.warn('The principal response has an unexpected shape', body);
      return { status: 'failed', code: undefined };
    }
    return { status: 'loaded', principal: body };
  } catch (error) {
    const code =
      error instanceof ApiError &&
      typeof error.body === 'object' &&
      error.body !== null &&
      'code' in error.body
        ? String(error.body.code)
        : undefined;
    // SPEC §8: the 403 code is stored as the access error code and logged.
    console.warn('Could not load the principal', code ?? error);
    return { status: 'failed', code };
  }
}
