import { describe, expect, it } from 'vitest';
import { logoutReturnAddress, oidcSettings } from './oidcSettings.ts';

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
});
