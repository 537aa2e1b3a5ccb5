import type { SecurityEntry } from '@parkhere/contract';
import { type User, UserManager } from 'oidc-client-ts';
import type { ReactNode } from 'react';
import { AuthProvider, hasAuthParams } from 'react-oidc-context';
import { isOnline } from '../offline/onlineStatus.ts';
import { AuthGate } from './AuthGate.tsx';
import { addressAfterSignIn, oidcSettings, silentSignInRequest } from './oidcSettings.ts';
import { sameOriginNavigator } from './sameOriginNavigator.ts';

/** SPEC §2.6: after the sign-in redirect, the sign-in response is dropped; the page's own address returns. */
function dropSignInResponse(user: User | undefined): void {
  window.history.replaceState(
    window.history.state,
    document.title,
    addressAfterSignIn(user?.state, window.location.pathname),
  );
}

/** The tab's OIDC client, and the silent sign-in it started as the app started, if it did. */
export type OidcStart = { userManager: UserManager; silentSignIn: Promise<unknown> | undefined };

/** Where oidc-client-ts keeps the tab's user (WebStorageStateStore's prefix, then its user store key). */
const storedUserKey = (provider: SecurityEntry) => `oidc.user:${provider.issuer}:${provider.clientId}`;

/**
 * Makes the tab's OIDC client as soon as the provider is known (AuthRoot, before the app's first render). A tab
 * without a session of its own (a new tab, an installed app's launch: the tokens live in sessionStorage) that is
 * not coming back from the provider starts its silent sign-in (a hidden frame, prompt=none) here at once, while
 * the app's texts and theme load, rather than once the gate has rendered. Only while the server answers: otherwise
 * the gate shows the kept copy or why it cannot sign in, and tries once the server is back. The gate waits for
 * this try instead of starting its own; a failure is its to handle (the page then goes to the provider).
 */
export function startOidcSession(provider: SecurityEntry): OidcStart {
  const settings = oidcSettings(provider, window.location, window.sessionStorage);
  // The embedded provider shares the app's origin: its silent answer is fetched, not framed.
  const sameOrigin = new URL(provider.issuer).origin === window.location.origin;
  const userManager = new UserManager(
    settings,
    undefined,
    undefined,
    sameOrigin
      ? sameOriginNavigator(settings.silent_redirect_uri ?? '', settings.silentRequestTimeoutInSeconds ?? 10)
      : undefined,
  );
  const atOnce =
    isOnline() && !hasAuthParams() && window.sessionStorage.getItem(storedUserKey(provider)) === null;
  const silentSignIn = atOnce ? userManager.signinSilent(silentSignInRequest()) : undefined;
  silentSignIn?.catch(() => undefined);
  return { userManager, silentSignIn };
}

/**
 * The OIDC client (oidc-client-ts, react-oidc-context) around the gate. AuthRoot loads this module while it
 * asks the server which provider to use, so the client is not part of the start-up bundle.
 */
export function OidcSession({ start, children }: { start: OidcStart; children: ReactNode }) {
  return (
    <AuthProvider userManager={start.userManager} onSigninCallback={dropSignInResponse}>
      <AuthGate silentSignIn={start.silentSignIn}>{children}</AuthGate>
    </AuthProvider>
  );
}
