import type { SecurityEntry } from '@parkhere/contract';
import { type ReactNode, useMemo } from 'react';
import { AuthProvider } from 'react-oidc-context';
import { AuthGate } from './AuthGate.tsx';
import { oidcSettings } from './oidcSettings.ts';

/** SPEC §2.6: after the sign-in redirect, the query string is dropped from the address. */
function dropSignInResponse(): void {
  window.history.replaceState(window.history.state, document.title, window.location.pathname);
}

/**
 * The OIDC client (oidc-client-ts, react-oidc-context) around the gate. AuthRoot loads this module while it
 * asks the server which provider to use, so the client is not part of the start-up bundle.
 */
export function OidcSession({ provider, children }: { provider: SecurityEntry; children: ReactNode }) {
  const settings = useMemo(() => oidcSettings(provider, window.location, window.sessionStorage), [provider]);
  return (
    <AuthProvider {...settings} onSigninCallback={dropSignInResponse}>
      <AuthGate>{children}</AuthGate>
    </AuthProvider>
  );
}
