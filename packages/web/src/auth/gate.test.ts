import { describe, expect, it } from 'vitest';
import { type GateAuth, gateView, type PrincipalState } from './gate.ts';
import { plainUser as principal } from './principalForTests.ts';

const signedOut: GateAuth = {
  isLoading: false,
  isAuthenticated: false,
  activeNavigator: undefined,
  signInFailed: false,
  sessionExpired: false,
  hasAuthParams: false,
  silentSignInTried: true,
};
const signedIn: GateAuth = { ...signedOut, isAuthenticated: true };
const loading: PrincipalState = { status: 'loading' };

describe('authentication gate (SPEC §2.6, §6)', () => {
  it('first signs a signed-out visitor in without leaving the page, and only then sends them to the provider', () => {
    expect(gateView({ ...signedOut, silentSignInTried: false }, loading)).toEqual({
      kind: 'silentSignIn',
      text: 'auth.signingInOut',
    });
    expect(gateView(signedOut, loading)).toEqual({ kind: 'redirectToSignIn', text: 'auth.signingInOut' });
  });

  it('tries no silent sign-in while a sign-in response is processed or after a failed sign-in', () => {
    const untried = { ...signedOut, silentSignInTried: false };
    expect(gateView({ ...untried, hasAuthParams: true }, loading).kind).toBe('progress');
    expect(gateView({ ...untried, isLoading: true }, loading).kind).toBe('progress');
    expect(gateView({ ...untried, signInFailed: true }, loading).kind).toBe('loginFailed');
  });

  it('says "Signing you in/out..." while the library starts, a callback is processed or a redirect runs', () => {
    const signingIn = { kind: 'progress', text: 'auth.signingInOut' };
    expect(gateView({ ...signedOut, isLoading: true }, loading)).toEqual(signingIn);
    expect(gateView({ ...signedOut, hasAuthParams: true }, loading)).toEqual(signingIn);
    expect(gateView({ ...signedIn, activeNavigator: 'signoutRedirect' }, loading)).toEqual(signingIn);
  });

  it('shows "Unable to sign in" after a failed sign-in instead of redirecting again', () => {
    expect(gateView({ ...signedOut, signInFailed: true, hasAuthParams: true }, loading)).toEqual({
      kind: 'loginFailed',
      title: 'auth.loginFailed',
    });
  });

  it('keeps the app on screen during a silent renew', () => {
    const loaded: PrincipalState = { status: 'loaded', principal };
    expect(gateView({ ...signedIn, activeNavigator: 'signinSilent' }, loaded)).toEqual({
      kind: 'app',
      principal,
    });
  });

  it('keeps the app when the token expires mid-visit, so the reload prompt is answered there', () => {
    const loaded: PrincipalState = { status: 'loaded', principal };
    expect(gateView({ ...signedOut, sessionExpired: true }, loaded)).toEqual({ kind: 'app', principal });
  });

  it('says "Loading principal data..." until the principal arrives', () => {
    expect(gateView(signedIn, loading)).toEqual({ kind: 'progress', text: 'auth.loadingPrincipal' });
  });

  it('shows the app at once from the named user’s kept principal, and not before the provider named them', () => {
    const kept: PrincipalState = { status: 'kept', principal };
    expect(gateView(signedIn, kept)).toEqual({ kind: 'app', principal });
    // No user named in this tab yet: signing in comes first, whatever the profile kept.
    expect(gateView({ ...signedOut, silentSignInTried: false }, kept).kind).toBe('silentSignIn');
    expect(gateView({ ...signedOut, isLoading: true }, kept).kind).toBe('progress');
  });

  it('shows "User not found" for AUTHENTICATED_ENTITY_NOT_FOUND, a screen of its own for the other refusals of an account, and the unknown error otherwise', () => {
    const screens = [
      ['AUTHENTICATED_ENTITY_NOT_FOUND', 'notFound'],
      ['IDENTITY_CONFLICT', 'identityConflict'],
      ['EMAIL_NOT_VERIFIED', 'emailNotVerified'],
      ['EMAIL_DOMAIN_NOT_ALLOWED', 'domainNotAllowed'],
      ['ACCOUNT_DEACTIVATED', 'deactivated'],
      [undefined, 'unknown'],
    ] as const;
    for (const [code, screen] of screens) {
      expect(gateView(signedIn, { status: 'failed', code })).toEqual({
        kind: 'principalError',
        title: `principal.${screen}.title`,
        message: `principal.${screen}.message`,
      });
    }
    expect(gateView(signedIn, { status: 'failed', code: 'toString' })).toMatchObject({
      title: 'principal.unknown.title',
    });
  });

  it('shows the last user’s kept copy to a tab without a session while the server cannot be reached, instead of a sign-in it cannot reach', () => {
    const unreachable = { unreachable: true, keptPrincipal: principal };
    expect(gateView(signedOut, loading, unreachable)).toEqual({ kind: 'keptCopy', principal });
    // With no copy on the profile it says why it does not sign in.
    expect(gateView(signedOut, loading, { unreachable: true, keptPrincipal: undefined })).toEqual({
      kind: 'unreachable',
      title: 'auth.unreachableTitle',
      message: 'auth.unreachable',
    });
    // Reachable again: signs in as ever.
    expect(gateView(signedOut, loading, { unreachable: false, keptPrincipal: undefined })).toEqual({
      kind: 'redirectToSignIn',
      text: 'auth.signingInOut',
    });
    // A tab with its session keeps it: the kept copy stands in for the principal's read there (loadPrincipal).
    const loaded: PrincipalState = { status: 'loaded', principal };
    expect(gateView(signedIn, loaded, unreachable)).toEqual({ kind: 'app', principal });
  });
});
