import type { Principal } from '@parkhere/contract';

/** The part of react-oidc-context's state the gate looks at. */
export type GateAuth = {
  isLoading: boolean;
  isAuthenticated: boolean;
  activeNavigator: string | undefined;
  /** The last sign-in attempt failed (silent renew and sign-out failures are not counted). */
  signInFailed: boolean;
  /** The access token expired during this visit; the app stays while the user is asked to reload. */
  sessionExpired: boolean;
  /** The address carries a sign-in response (code and state) that is being processed. */
  hasAuthParams: boolean;
  /**
   * This page has already tried to sign in without leaving it (a hidden frame asking the provider with
   * prompt=none, or the tab's refresh token); a failed try falls back to the redirect.
   */
  silentSignInTried: boolean;
};

export type PrincipalState =
  | { status: 'loading' }
  /**
   * The user the provider named in this tab, as their kept copy (offline/keptCopy.ts) remembers them, while their
   * principal is read: the app shows at once instead of after that answer.
   */
  | { status: 'kept'; principal: Principal }
  | { status: 'loaded'; principal: Principal }
  | { status: 'failed'; code: string | undefined };

/**
 * A tab without a session while the server cannot be reached (offline, a server down): signing in would lead
 * to the browser's own error page, so the app shows the profile's last user's kept copy instead, when it has
 * one, or says why it cannot sign in; either way it signs in once the server answers again.
 */
export type Unreachable = { unreachable: boolean; keptPrincipal: Principal | undefined };

/** Texts are `system` keys. */
export type GateView =
  | { kind: 'silentSignIn'; text: 'auth.signingInOut' }
  | { kind: 'redirectToSignIn'; text: 'auth.signingInOut' }
  | { kind: 'unreachable'; title: 'auth.unreachableTitle'; message: 'auth.unreachable' }
  | { kind: 'keptCopy'; principal: Principal }
  | { kind: 'progress'; text: 'auth.signingInOut' | 'auth.loadingPrincipal' }
  | { kind: 'loginFailed'; title: 'auth.loginFailed' }
  | { kind: 'principalError'; title: string; message: string }
  | { kind: 'app'; principal: Principal };

/** A silent renew happens behind a working app; only redirects and popups replace the screen. */
const VISIBLE_NAVIGATORS = new Set(['signinRedirect', 'signinPopup', 'signoutRedirect', 'signoutPopup']);

/** The authentication gate of SPEC §2.6 and the principal screens of SPEC §6, as one pure decision. */
export function gateView(
  auth: GateAuth,
  principal: PrincipalState,
  server: Unreachable = { unreachable: false, keptPrincipal: undefined },
): GateView {
  if (auth.activeNavigator && VISIBLE_NAVIGATORS.has(auth.activeNavigator)) {
    return { kind: 'progress', text: 'auth.signingInOut' };
  }
  if (auth.isAuthenticated || auth.sessionExpired) {
    return principalView(principal);
  }
  if (auth.isLoading) {
    return { kind: 'progress', text: 'auth.signingInOut' };
  }
  if (auth.signInFailed) {
    return { kind: 'loginFailed', title: 'auth.loginFailed' };
  }
  if (auth.hasAuthParams) {
    return { kind: 'progress', text: 'auth.signingInOut' };
  }
  // Signing in needs the provider: while the server cannot be reached the kept copy shows instead (or why not).
  if (server.unreachable) {
    return server.keptPrincipal === undefined
      ? { kind: 'unreachable', title: 'auth.unreachableTitle', message: 'auth.unreachable' }
      : { kind: 'keptCopy', principal: server.keptPrincipal };
  }
  // A new tab or an installed app's launch while the provider's session lives: signed in without the round trip
  // of the whole page to the provider and back. Only when that fails does the page go to the provider.
  if (!auth.silentSignInTried) {
    return { kind: 'silentSignIn', text: 'auth.signingInOut' };
  }
  return { kind: 'redirectToSignIn', text: 'auth.signingInOut' };
}

function principalView(principal: PrincipalState): GateView {
  switch (principal.status) {
    case 'loading':
      return { kind: 'progress', text: 'auth.loadingPrincipal' };
    case 'kept':
    case 'loaded':
      return { kind: 'app', principal: principal.principal };
    case 'failed':
      return principalErrorView(principal.code);
  }
}

/** The 403 codes of the principal call each have a screen saying what the user can do about it. */
function principalErrorView(code: string | undefined): GateView {
  const key = PRINCIPAL_ERROR_KEYS.get(code ?? '') ?? 'unknown';
  return { kind: 'principalError', title: `principal.${key}.title`, message: `principal.${key}.message` };
}

const PRINCIPAL_ERROR_KEYS = new Map<string, string>([
  ['AUTHENTICATED_ENTITY_NOT_FOUND', 'notFound'],
  ['IDENTITY_CONFLICT', 'identityConflict'],
  ['EMAIL_NOT_VERIFIED', 'emailNotVerified'],
  ['EMAIL_DOMAIN_NOT_ALLOWED', 'domainNotAllowed'],
  ['ACCOUNT_DEACTIVATED', 'deactivated'],
]);
