import { getErrorInterceptor } from '../extensions/registry.ts';
import { classifyError } from './catalogue.ts';

export type ErrorHandlerDeps = {
  translate(key: string, fallback?: string): string;
  showError(message: string): void;
  showBusinessFault(body: unknown): void;
  /** Clears the stored user and reloads, so the user signs in again (SPEC §8, 401). */
  reauthenticate(): void;
};

/**
 * The error pipeline of SPEC §8: a registered interceptor sees the error first and may handle it;
 * otherwise the catalogue decides between a toast, the business-fault dialog or signing in again.
 */
export function handleError(error: unknown, deps: ErrorHandlerDeps): void {
  const interceptor = getErrorInterceptor();
  if (interceptor?.(error)) {
    return;
  }
  const outcome = classifyError(error);
  switch (outcome.kind) {
    case 'reauthenticate':
      deps.showError(deps.translate(outcome.message));
      deps.reauthenticate();
      return;
    case 'businessFault':
      deps.showBusinessFault(outcome.body);
      return;
    case 'toast': {
      // One short sentence in the user's language. A 400's items belong under the fields they name, by the
      // fields' labels (forms and tables place them): listed here they repeated the form with internal names
      // (`guestName:`, `X-Judo-SignedIdentifier:`) and said nothing a user could act on.
      deps.showError(deps.translate(outcome.message));
      if (outcome.message === 'error.nonHttp') {
        console.error(error);
      }
      return;
    }
  }
}
