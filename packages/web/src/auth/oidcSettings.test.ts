import { describe, expect, it } from 'vitest';
import {
  addressAfterSignIn,
  logoutReturnAddress,
  oidcSettings,
  signInRequest,
  signInState,
  signOutRequest,
} from './oidcSettings.ts';

const location = { origin: 'http://localhost:8080', pathname: '/Services/Actor/UserHolidays/AccessViewPage' };
const provider = { clientId: 'parkhere-web', name: 'ParkHere', issuer: 'http://localhost:8080/idp' };

describe('OIDC settings (SPEC §4, §9)', () => {
  it('signs in at the issuer exactly, with code + PKCE and refresh tokens, back to the current page', () => {
    const settings = oidcSettings(provider, location, window.sessionStorage);
    expect(settings).toMatchObject({
      authority: 'http://localhost:8080/idp',
      client_id: 'parkhere-web',
      response_type: 'code',
      scope: 'openid profile email offline_access',
      redirect_uri: 'http://localhost:8080/Services/Actor/UserHolidays/AccessViewPage',
      automaticSilentRenew: true,
      accessTokenExpiringNotificationTimeInSeconds: 60,
      silentRequestTimeoutInSeconds: 10,
      staleStateAgeInSeconds: 900,
    });
  });

  it('returns from sign-out to the current address without its hash', () => {
    expect(logoutReturnAddress({ ...location, search: '?tab=2' })).toBe(
      'http://localhost:8080/Services/Actor/UserHolidays/AccessViewPage?tab=2',
    );
  });

  it('lands after sign-in on the address it started from, its own query kept (issue 14, item 32)', () => {
    const state = signInState({
      pathname: '/_redirect',
      search: '?to=/Services/Actor/UserHolidays/AccessViewPage',
      hash: '',
    });
    expect(addressAfterSignIn(state, '/_redirect')).toBe(
      '/_redirect?to=/Services/Actor/UserHolidays/AccessViewPage',
    );
    expect(addressAfterSignIn(signInState({ pathname: '/a', search: '', hash: '#top' }), '/a')).toBe(
      '/a#top',
    );
  });

  it("starts a sign-in in the app's language (ui_locales), so the login form speaks it", () => {
    const location = { pathname: '/a', search: '?b=1', hash: '' };
    expect(signInRequest(location, 'hu-HU')).toEqual({ state: { returnTo: '/a?b=1' }, ui_locales: 'hu-HU' });
    expect(signInRequest(location, 'en-US').ui_locales).toBe('en-US');
  });

  it("signs out in the app's language too (ui_locales), back to the current address", () => {
    expect(signOutRequest({ ...location, search: '?tab=2' }, 'en-US')).toEqual({
      post_logout_redirect_uri: 'http://localhost:8080/Services/Actor/UserHolidays/AccessViewPage?tab=2',
      extraQueryParams: { ui_locales: 'en-US' },
    });
    expect(signOutRequest({ ...location, search: '' }, 'hu-HU').extraQueryParams.ui_locales).toBe('hu-HU');
  });

  it('drops the sign-in response when the state carries no address of the page returned to', () => {
    expect(addressAfterSignIn(undefined, '/a')).toBe('/a');
    expect(addressAfterSignIn({ returnTo: 42 }, '/a')).toBe('/a');
    // A state naming another page or site is not followed.
    expect(addressAfterSignIn({ returnTo: 'https://elsewhere.example/a' }, '/a')).toBe('/a');
    expect(addressAfterSignIn({ returnTo: '/ab?x=1' }, '/a')).toBe('/a');
    expect(addressAfterSignIn({ returnTo: '//elsewhere.example/a' }, '/a')).toBe('/a');
  });
});
