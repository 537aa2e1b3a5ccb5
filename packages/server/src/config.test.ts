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
    const config = loadConfig({ PUBLIC_URL: 'https://parking.example.com/', PORT: '3000' });
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
});
