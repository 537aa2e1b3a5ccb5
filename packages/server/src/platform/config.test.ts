import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('defaults to the embedded IdP, PGlite in ./data and port 8080', () => {
    const config = loadConfig({}, '/srv/parkhere');
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:8080',
      dataDir: path.resolve('/srv/parkhere', 'data'),
      databaseUrl: undefined,
      identity: {
        kind: 'embedded',
        issuer: 'http://localhost:8080/idp',
        clientId: 'parkhere-web',
        audience: 'parkhere-api',
      },
      allowedEmailDomains: ['parkhere.example'],
      adminEmails: [],
      demoData: true,
      idpAccessTokenTtl: 900,
    });
  });

  it('builds the issuer from PUBLIC_URL', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://parking.example.com/',
      PORT: '3000',
      ALLOW_DEMO_ACCOUNTS: 'true',
    });
    expect(config.publicUrl).toBe('https://parking.example.com');
    expect(config.identity.issuer).toBe('https://parking.example.com/idp');
  });

  it('uses an external provider, with the client id as default audience', () => {
    const config = loadConfig({
      OIDC_ISSUER: 'https://login.example.com/realms/acme',
      OIDC_CLIENT_ID: 'parking',
    });
    expect(config.identity).toEqual({
      kind: 'external',
      issuer: 'https://login.example.com/realms/acme',
      clientId: 'parking',
      audience: 'parking',
    });
  });

  it('reads comma lists case-insensitively and DEMO_DATA=false', () => {
    const config = loadConfig({
      ALLOWED_EMAIL_DOMAINS: 'Acme.example, parkhere.example ,',
      ADMIN_EMAILS: 'Boss@Acme.example',
      DEMO_DATA: 'false',
    });
    expect(config.allowedEmailDomains).toEqual(['acme.example', 'parkhere.example']);
    expect(config.adminEmails).toEqual(['boss@acme.example']);
    expect(config.demoData).toBe(false);
  });

  it('names every bad variable in one message', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SIGNING_SECRET: 'short', DEMO_DATA: 'maybe' }),
    ).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SIGNING_SECRET: 'short' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('SIGNING_SECRET');
    }
  });

  it('refuses an access-token lifetime the web app would renew about once a second', () => {
    expect(() => loadConfig({ IDP_ACCESS_TOKEN_TTL: '60' })).toThrow(
      /IDP_ACCESS_TOKEN_TTL: must be at least 120 seconds: the web app renews its token 60 s before it expires/,
    );
    expect(loadConfig({ IDP_ACCESS_TOKEN_TTL: '120' }).idpAccessTokenTtl).toBe(120);
  });

  it('refuses the embedded provider’s demo accounts at a non-local PUBLIC_URL unless ALLOW_DEMO_ACCOUNTS=true', () => {
    for (const url of [
      'https://parking.example.com',
      'http://10.0.0.5:8080',
      'http://localhost.example.com',
    ]) {
      expect(() => loadConfig({ PUBLIC_URL: url })).toThrow(
        /PUBLIC_URL: .* is not a local address.*ALLOW_DEMO_ACCOUNTS=true/,
      );
    }
    for (const url of [
      'http://localhost:8080',
      'http://127.0.0.1:3000',
      'http://[::1]:8080',
      'http://app.localhost',
    ]) {
      expect(loadConfig({ PUBLIC_URL: url }).identity.kind).toBe('embedded');
    }
    expect(
      loadConfig({ PUBLIC_URL: 'https://parking.example.com', ALLOW_DEMO_ACCOUNTS: 'true' }).publicUrl,
    ).toBe('https://parking.example.com');
    // An external provider has no demo accounts.
    expect(
      loadConfig({ PUBLIC_URL: 'https://parking.example.com', OIDC_ISSUER: 'https://login.example.com' })
        .identity.kind,
    ).toBe('external');
  });

  it('trusts no proxy unless TRUSTED_PROXIES lists addresses or CIDR ranges, and refuses anything else', () => {
    expect(
      loadConfig({ PUBLIC_URL: 'https://parking.example.com', OIDC_ISSUER: 'https://login.example.com' })
        .trustedProxies,
    ).toEqual([]);
    expect(loadConfig({ TRUSTED_PROXIES: ' 10.0.0.5, 10.1.0.0/16 ,::1,fd00::/8' }).trustedProxies).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
    ]);
    for (const bad of ['true', '*', '10.0.0.0/33', 'proxy.internal']) {
      expect(() => loadConfig({ TRUSTED_PROXIES: bad })).toThrow(/TRUSTED_PROXIES: must be a comma list/);
    }
  });

  it('runs on the real time unless a test clock is set', () => {
    expect(loadConfig({}).testClock).toBeUndefined();
  });

  it('accepts TEST_CLOCK only with ALLOW_TEST_CLOCK=true', () => {
    expect(() => loadConfig({ TEST_CLOCK: '2026-11-23T08:00:00+01:00' })).toThrow(/ALLOW_TEST_CLOCK/);
    expect(() => loadConfig({ TEST_CLOCK: '2026-11-23T08:00:00+01:00', ALLOW_TEST_CLOCK: 'false' })).toThrow(
      ConfigError,
    );
    expect(
      loadConfig({ TEST_CLOCK: '2026-11-23T08:00:00+01:00', ALLOW_TEST_CLOCK: 'true' }).testClock,
    ).toEqual({ start: new Date('2026-11-23T07:00:00Z'), since: undefined });
  });

  it('reads the real instant a test clock starts at after an @', () => {
    const config = loadConfig({
      TEST_CLOCK: '2026-11-23T08:00:00+01:00@2026-11-22T05:47:28.500Z',
      ALLOW_TEST_CLOCK: 'yes',
    });
    expect(config.testClock).toEqual({
      start: new Date('2026-11-23T07:00:00Z'),
      since: new Date('2026-11-22T05:47:28.500Z'),
    });
  });

  it('accepts a test clock without seconds, as people type it (issue 31, polish)', () => {
    const config = loadConfig({
      TEST_CLOCK: '2026-11-23T08:00+01:00@2026-11-22T05:47Z',
      ALLOW_TEST_CLOCK: 'true',
    });
    expect(config.testClock).toEqual({
      start: new Date('2026-11-23T07:00:00Z'),
      since: new Date('2026-11-22T05:47:00Z'),
    });
  });

  it('accepts an instant in UTC without seconds, and says how to write one it refuses', () => {
    expect(loadConfig({ TEST_CLOCK: '2026-12-01T08:00Z', ALLOW_TEST_CLOCK: 'true' }).testClock).toEqual({
      start: new Date('2026-12-01T08:00:00Z'),
      since: undefined,
    });
    expect(() => loadConfig({ TEST_CLOCK: '2026-12-01 08:00', ALLOW_TEST_CLOCK: 'true' })).toThrow(
      'TEST_CLOCK: must be an ISO instant with its offset, seconds optional (2026-12-01T08:00Z, 2026-12-01T09:00:00+01:00)',
    );
  });

  it.each(['tomorrow', '2026-11-23', '2026-11-23T08:00:00', '2026-11-23T08:00:00Z@x', 'a@b@c'])(
    'refuses the test clock %s',
    (value) => {
      expect(() => loadConfig({ TEST_CLOCK: value, ALLOW_TEST_CLOCK: 'true' })).toThrow(/TEST_CLOCK/);
    },
  );
});
