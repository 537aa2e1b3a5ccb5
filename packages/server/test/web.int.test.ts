import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createStorage, freePort, startServer, worldOfFile } from './world.ts';

const { server, user } = await worldOfFile({ users: ['user'] });

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers, redirect: 'manual' });

describe('security headers', () => {
  it('puts a CSP without inline script, nosniff and frame denial on the API', async () => {
    const response = await get('/api/health');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
  });

  it('lets the app page be framed by the app itself (silent renew)', async () => {
    const response = await get('/dashboard', html);
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
  });

  it('lets the authorization endpoint be framed by the app, but no other IdP page', async () => {
    const authorize = await get('/idp/auth?client_id=parkhere-web');
    expect(authorize.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const token = await get('/idp/jwks');
    expect(token.headers.get('x-frame-options')).toBe('DENY');
    expect(token.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});

describe('no cache keeps a user’s answers (issue 25, item 4)', () => {
  it('marks every API answer no-store, refusals too, unless the answer is public', async () => {
    const principal = await user.get('/services/Actor/~principal');
    expect(await principal.json()).toMatchObject({ email: 'user@parkhere.example' });
    expect(principal.headers.get('cache-control')).toBe('no-store');
    const cars = await user.post('/services/Actor/profileSettings/~get', { _mask: '{cars{licensePlate}}' });
    expect(cars.status).toBe(200);
    expect(cars.headers.get('cache-control')).toBe('no-store');
    const refused = await user.post('/services/Actor/users/~list', {});
    expect(refused.status).toBe(403);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    // The description is the same for everyone: it may be kept, revalidated each time.
    expect((await get('/api/openapi.json')).headers.get('cache-control')).toBe('no-cache');
  });
});

describe('Strict-Transport-Security (issue 25, N6)', () => {
  it('tells browsers to keep to https at an https PUBLIC_URL, on every answer, and is absent at http', async () => {
    const storage = await createStorage();
    const port = await freePort();
    // TLS ends at a proxy in front: the server itself listens on plain HTTP, as the test reaches it.
    const secure = await startServer(storage, { port, env: { PUBLIC_URL: `https://localhost:${port}` } });
    try {
      for (const path of ['/api/health', '/dashboard', '/idp/jwks', '/ParkHere/calendar/none.ics']) {
        const response = await fetch(`http://127.0.0.1:${port}${path}`, {
          headers: html,
          redirect: 'manual',
        });
        expect({ path, hsts: response.headers.get('strict-transport-security') }).toEqual({
          path,
          hsts: 'max-age=31536000',
        });
      }
    } finally {
      await secure.close();
    }
    expect((await get('/api/health')).headers.get('strict-transport-security')).toBeNull();
  });
});

describe('web app serving', () => {
  it('serves index.html at / without long caching', async () => {
    const response = await get('/', html);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="root">');
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves the app page to curl and load balancers (Accept */* or none)', async () => {
    for (const headers of [{ accept: '*/*' }, { accept: '' }]) {
      const response = await get('/', headers);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
    }
    expect((await get('/favicon.ico', { accept: '*/*' })).status).toBe(404);
    expect((await get('/.well-known/openid-configuration', { accept: '*/*' })).status).toBe(404);
  });

  it('caches hashed assets for good', async () => {
    const response = await get('/assets/index-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it('serves translations under /i18n', async () => {
    const response = await get(`/i18n/system_en-US.json?t=${Date.now()}`);
    expect(await response.json()).toEqual({ hello: 'Hello' });
  });

  it('answers a client-side route with the app (SPA fallback)', async () => {
    const response = await get('/settings/users/12/cars', html);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="root">');
  });

  it('does not fall back for missing assets, translations or non-HTML requests', async () => {
    expect((await get('/assets/missing-123.js', html)).status).toBe(404);
    expect((await get('/i18n/system_xx-XX.json', html)).status).toBe(404);
    expect((await get('/dashboard', { accept: 'application/json' })).status).toBe(404);
  });

  it('serves the files of a rebuild without a restart', async () => {
    writeFileSync(
      path.join(server.config.webDist, 'assets/index-def456.js'),
      'export const rebuilt = true;\n',
    );
    const response = await get('/assets/index-def456.js');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('rebuilt');
  });

  it('never serves a file outside the build', async () => {
    writeFileSync(path.join(server.config.webDist, '../secret.txt'), 'secret');
    for (const attempt of ['/..%2fsecret.txt', '/assets/..%2f..%2fsecret.txt', '/%2e%2e/secret.txt']) {
      const response = await get(attempt);
      expect(await response.text()).not.toContain('secret');
    }
  });

  it('answers API paths with JSON, never the app page', async () => {
    const response = await get('/api/nowhere', html);
    expect(response.headers.get('content-type')).toContain('application/json');
  });
});

describe('without a web build', () => {
  it('says the web app is not built', async () => {
    const world = await createStorage();
    rmSync(world.webDist, { recursive: true, force: true });
    const bare = await startServer(world);
    try {
      const response = await fetch(`${bare.url}/dashboard`, { headers: html });
      expect(response.status).toBe(503);
      expect(await response.text()).toContain('not built');
      expect((await fetch(`${bare.url}/api/health`)).status).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
