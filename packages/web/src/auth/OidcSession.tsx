import type { SecurityEntry } from '@parkhere/contract';
import type { User } from 'oidc-client-ts';
import { type ReactNode, useMemo } from 'react';
import { AuthProvider } from 'react-oidc-context';
import { AuthGate } from './AuthGate.tsx';
import { addressAfterSignIn, oidcSettings } from './oidcSettings.ts';

/** SPEC §2.6: after the sign-in redirect, the sign-in response is dropped; the page's own address returns. */
function dropSignInResponse(user: User | undefined): void {
  window.history.replaceState(
    window.history.state,
    document.title,
    addressAfterSignIn(user?.state, window.location.pathname),
  );
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
