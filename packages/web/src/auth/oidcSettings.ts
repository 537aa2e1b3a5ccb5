import type { SecurityEntry } from '@parkhere/contract';
import { ACCESS_TOKEN_RENEW_SECONDS } from '@parkhere/contract/plain';
import { type UserManagerSettings, WebStorageStateStore } from 'oidc-client-ts';

export const OIDC_SCOPE = 'openid profile email offline_access';

/** The page address sign-in returns to: the current page without query and hash. */
export function pageAddress(location: Pick<Location, 'origin' | 'pathname'>): string {
  return `${location.origin}${location.pathname}`;
}

/** What the sign-in round trip carries in its OIDC state: the address it started from, query and hash too. */
export type SignInState = { returnTo: string };

export function signInState(location: Pick<Location, 'pathname' | 'search' | 'hash'>): SignInState {
  return { returnTo: `${location.pathname}${location.search}${location.hash}` };
}

/**
 * What a sign-in starts with: the state, and the app's language as OIDC `ui_locales`, so the provider's login
 * form speaks the language the person chose in the app, whatever their browser asks for.
 */
export function signInRequest(location: Pick<Location, 'pathname' | 'search' | 'hash'>, language: string) {
  return { state: signInState(location), ui_locales: language };
}

/** 128 random bits in base64url: an OIDC nonce. */
function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/**
 * What a silent sign-in (a hidden frame with prompt=none, oidc-client-ts's `signinSilent`) starts with: a fresh
 * nonce, which oidc-client-ts keeps with the request's state and checks against the ID token the code brings, so
 * a code obtained for another request (another tab's, or one an attacker holds) signs nobody in here.
 */
export function silentSignInRequest(): { nonce: string } {
  return { nonce: randomNonce() };
}

/**
 * The address after sign-in: the sign-in response (code, state) is dropped (SPEC §2.6), and the page's own
 * query comes back from the state, so `_redirect?to=…` still knows its target. Only an address of the page
 * the provider returned to is taken from the state; anything else falls back to the bare page.
 */
export function addressAfterSignIn(state: unknown, pathname: string): string {
  const returnTo = (state as Partial<SignInState> | null | undefined)?.returnTo;
  if (typeof returnTo !== 'string') {
    return pathname;
  }
  const samePage =
    returnTo === pathname || ['?', '#'].some((mark) => returnTo.startsWith(`${pathname}${mark}`));
  return samePage ? returnTo : pathname;
}

/** Where sign-out returns to: the current page without its hash fragment (SPEC §2.4). */
export function logoutReturnAddress(location: Pick<Location, 'origin' | 'pathname' | 'search'>): string {
  return `${location.origin}${location.pathname}${location.search}`;
}

/**
 * What a sign-out starts with: the address it returns to, and the app's language as the end session's
 * `ui_locales` (OpenID RP-Initiated Logout), so the provider's sign-out pages speak it as its sign-in page does.
 */
export function signOutRequest(location: Pick<Location, 'origin' | 'pathname' | 'search'>, language: string) {
  return {
    post_logout_redirect_uri: logoutReturnAddress(location),
    extraQueryParams: { ui_locales: language },
  };
}

/**
 * oidc-client-ts settings with the SPEC §9 timings. The authority is the issuer string exactly, because the
 * stored user's key `oidc.user:<authority>:<client_id>` and the token's `iss` are compared as strings.
 * Silent renew runs 60 s before expiry, with the refresh token (the hidden frame is only a fallback);
 * oidc-client-ts retries a timed-out renew after 5 s by itself.
 */
export function oidcSettings(
  provider: SecurityEntry,
  location: Pick<Location, 'origin' | 'pathname'>,
  storage: Storage,
): UserManagerSettings {
  return {
    authority: provider.issuer,
    client_id: provider.clientId,
    redirect_uri: pageAddress(location),
    silent_redirect_uri: `${location.origin}/silent-renew.html`,
    response_type: 'code',
    scope: OIDC_SCOPE,
    userStore: new WebStorageStateStore({ store: storage }),
    automaticSilentRenew: true,
    silentRequestTimeoutInSeconds: 10,
    accessTokenExpiringNotificationTimeInSeconds: ACCESS_TOKEN_RENEW_SECONDS,
    checkSessionIntervalInSeconds: 2,
    staleStateAgeInSeconds: 900,
    popupWindowFeatures: { height: 640 },
    revokeTokensOnSignout: true,
    // JWT access tokens cannot be revoked (the provider answers 400 and sign-out would stop there); revoking
    // the refresh token is what ends the session's ability to renew.
    revokeTokenTypes: ['refresh_token'],
    // RFC 7009 lets the revocation answer be an empty 200 of any type; the embedded provider's is text/plain.
    revokeTokenAdditionalContentTypes: ['text/plain'],
    loadUserInfo: false,
  };
}
