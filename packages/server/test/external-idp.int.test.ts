import { ActorMeta, Principal } from '@parkhere/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithCode } from './oidc-flow.ts';
import { bearer, mintToken } from './tokens.ts';
import { createWorld, type TestServer } from './world.ts';

// Another ParkHere's embedded IdP plays the external provider (Keycloak, Entra ID, …): the app
// under test knows only its issuer URL and finds the keys through OpenID discovery.
let provider: TestServer;
let app: TestServer;

beforeAll(async () => {
  ({ server: provider } = await createWorld());
  ({ server: app } = await createWorld({
    env: {
      OIDC_ISSUER: provider.config.identity.issuer,
      OIDC_CLIENT_ID: 'parkhere-web',
      OIDC_AUDIENCE: 'parkhere-api',
    },
  }));
});

afterAll(async () => {
  await app.close();
  await provider.close();
});

describe('external OpenID provider', () => {
  it('announces the external issuer in ~meta and has no /idp of its own', async () => {
    const meta = ActorMeta.parse(await (await fetch(`${app.url}/api/services/Actor/~meta`)).json());
    expect(meta.security[0]).toEqual({
      clientId: 'parkhere-web',
      name: 'ParkHere',
      issuer: `${provider.url}/idp`,
    });
    expect((await fetch(`${app.url}/idp/.well-known/openid-configuration`)).status).toBe(404);
  });

  it('accepts the provider’s tokens, verified with its published keys', async () => {
    const { tokens } = await signInWithCode(provider.url, 'admin');
    const response = await fetch(`${app.url}/api/services/Actor/~principal`, {
      headers: bearer(tokens.access_token),
    });
    expect(response.status).toBe(200);
    expect(Principal.parse(await response.json())).toMatchObject({
      email: 'admin@parkhere.example',
      isAdministrator: true,
    });
  });

  it('refuses the tokens of its former embedded issuer', async () => {
    const ownIssuerToken = await mintToken(app, { issuer: `${app.url}/idp` });
    const response = await fetch(`${app.url}/api/services/Actor/~principal`, {
      headers: bearer(ownIssuerToken),
    });
    expect(response.status).toBe(401);
  });

  it('lets the app talk to and frame the provider’s origin in its CSP', async () => {
    const csp = (await fetch(`${app.url}/api/health`)).headers.get('content-security-policy') ?? '';
    const origin = new URL(provider.url).origin;
    expect(csp).toContain(`connect-src 'self' ${origin}`);
    expect(csp).toContain(`frame-src 'self' blob: ${origin}`);
    expect(csp).toContain(`form-action 'self' ${origin}`);
  });
});
