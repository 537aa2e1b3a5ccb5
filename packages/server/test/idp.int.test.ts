import type { Principal } from '@parkhere/contract';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, startServer, type TestServer, type TestWorld } from './harness.ts';
import { refresh, signInWithCode, type Tokens } from './oidc-flow.ts';
import { bearer } from './tokens.ts';

let world: TestWorld;
let server: TestServer;

beforeAll(async () => {
  world = await createWorld();
  server = await startServer(world);
});

afterAll(async () => {
  await server.close();
});

async function principal(accessToken: string) {
  return fetch(`${server.url}/api/services/Actor/~principal`, { headers: bearer(accessToken) });
}

describe('embedded OpenID provider', () => {
  it('publishes its discovery document under /idp with the exact issuer', async () => {
    const response = await fetch(`${server.url}/idp/.well-known/openid-configuration`);
    const discovery = (await response.json()) as Record<string, unknown>;
    expect(discovery.issuer).toBe(`${server.url}/idp`);
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    expect(discovery.end_session_endpoint).toBe(`${server.url}/idp/session/end`);
  });

  it('signs user in with code + PKCE and the access token opens ~principal', async () => {
    const { tokens } = await signInWithCode(server.url, 'user');
    const claims = decodeJwt(tokens.access_token);
    expect(claims).toMatchObject({
      iss: `${server.url}/idp`,
      aud: 'parkhere-api',
      email: 'user@parkhere.example',
      preferred_username: 'user',
    });
    expect(typeof claims.name).toBe('string');
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(900);
    expect(tokens.refresh_token).toBeTruthy();

    const response = await principal(tokens.access_token);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Principal;
    expect(body).toMatchObject({
      preferredUsername: 'user',
      email: 'user@parkhere.example',
      isAdministrator: false,
    });
  });

  it('rejects a wrong password with the error text and no redirect', async () => {
    const authorize = new URL(`${server.url}/idp/auth`);
    authorize.search = new URLSearchParams({
      client_id: 'parkhere-web',
      response_type: 'code',
      redirect_uri: `${server.url}/`,
      scope: 'openid',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    }).toString();
    const first = await fetch(authorize, { redirect: 'manual' });
    const cookie = first.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const interaction = new URL(first.headers.get('location') ?? '', server.url);
    const response = await fetch(`${interaction}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: 'login=user&password=wrong',
    });
    expect(response.status).toBe(401);
    expect(await response.text()).toContain('Invalid username or password');
  });

  it('serves a login page that works under the CSP: no inline script or style, no framing', async () => {
    const authorize = new URL(`${server.url}/idp/auth`);
    authorize.search = new URLSearchParams({
      client_id: 'parkhere-web',
      response_type: 'code',
      redirect_uri: `${server.url}/`,
      scope: 'openid',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    }).toString();
    const first = await fetch(authorize, { redirect: 'manual' });
    const cookie = first.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const page = await fetch(new URL(first.headers.get('location') ?? '', server.url), {
      headers: { cookie },
    });
    const html = await page.text();
    expect(html).toMatch(/<input name="login"/);
    expect(html).toMatch(/<input name="password" type="password"/);
    expect(html).toMatch(/<button type="submit">/);
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)/);
    expect(html).not.toMatch(/<style|\sstyle=/);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const css = await fetch(`${server.url}/idp/assets/idp.css`);
    expect(css.headers.get('content-type')).toContain('text/css');
  });

  it('refuses a redirect_uri on another origin', async () => {
    const authorize = new URL(`${server.url}/idp/auth`);
    authorize.search = new URLSearchParams({
      client_id: 'parkhere-web',
      response_type: 'code',
      redirect_uri: 'https://evil.example/callback',
      scope: 'openid',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    }).toString();
    const response = await fetch(authorize, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
  });

  it('renews the session with the refresh token', async () => {
    const { tokens } = await signInWithCode(server.url, 'admin');
    const response = await refresh(server.url, tokens.refresh_token ?? '');
    const renewed = (await response.json()) as Tokens;
    expect(response.status, JSON.stringify(renewed)).toBe(200);
    expect(renewed.access_token).not.toBe(tokens.access_token);
    expect(decodeJwt(renewed.access_token)).toMatchObject({
      aud: 'parkhere-api',
      email: 'admin@parkhere.example',
    });
    const me = await principal(renewed.access_token);
    expect(((await me.json()) as Principal).isAdministrator).toBe(true);
  });

  it('lets two tabs renew with the same refresh token without signing each other out', async () => {
    const { tokens } = await signInWithCode(server.url, 'user');
    const [first, second] = await Promise.all([
      refresh(server.url, tokens.refresh_token ?? ''),
      refresh(server.url, tokens.refresh_token ?? ''),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await refresh(server.url, tokens.refresh_token ?? '')).status).toBe(200);
  });

  it('ends the session: the logout page confirms itself and returns to the app', async () => {
    const { tokens, jar } = await signInWithCode(server.url, 'user');
    const endSession = new URL(`${server.url}/idp/session/end`);
    endSession.search = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: `${server.url}/dashboard`,
    }).toString();
    const page = await jar.fetch(endSession.toString());
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('src="/idp/assets/logout.js"');
    const action = /action="([^"]+)"/.exec(html)?.[1] ?? '';
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const confirm = await jar.fetch(new URL(action, server.url).toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });
    expect(confirm.status).toBe(303);
    const back = confirm.headers.get('location') ?? '';
    expect(back.startsWith(`${server.url}/dashboard`)).toBe(true);
    // The session is gone, so its refresh token no longer works.
    const renewed = await refresh(server.url, tokens.refresh_token ?? '');
    expect(renewed.status).toBe(400);
  });

  it('keeps tokens valid across a restart on the same DATA_DIR', async () => {
    const { tokens } = await signInWithCode(server.url, 'user');
    await server.stop();
    server = await startServer(world, { port: Number(new URL(server.url).port) });
    expect((await principal(tokens.access_token)).status).toBe(200);
    const renewed = await refresh(server.url, tokens.refresh_token ?? '');
    expect(renewed.status).toBe(200);
  });
});
