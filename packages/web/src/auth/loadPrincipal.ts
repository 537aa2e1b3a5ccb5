import { actorPaths, Principal } from '@parkhere/contract';
import { ApiError, api } from '../api/client.ts';
import type { PrincipalState } from './gate.ts';

/** Fetches the principal; a failure becomes a state with the response's code, which picks the error screen. */
export async function loadPrincipal(): Promise<PrincipalState> {
  try {
    const body = await api.get<unknown>(actorPaths.principal, { handleErrors: false });
    return { status: 'loaded', principal: Principal.parse(body) };
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
