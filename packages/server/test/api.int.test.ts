import { ActorMeta, HealthResponse, Principal } from '@parkhere/contract';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { createSignedIdentifiers, loadSigningSecret } from '../src/platform/http/signed-identifier.ts';
import { bearer, mintToken, unsignedToken } from './tokens.ts';
import { worldOfFile } from './world.ts';

// A stand-in for the REST engine's POST routes: the body parser and error mapping are the app's.
const echo: FastifyPluginAsync = async (api) => {
  api.post('/test/echo', async (request) => request.body ?? null);
};

const { server } = await worldOfFile({
  env: { ADMIN_EMAILS: 'Boss@ParkHere.example' },
  apiPlugins: [echo],
});

const api = (path: string, init?: RequestInit) => fetch(`${server.url}/api/${path}`, init);

/** Posts `body` as it is, labelled JSON, to the echo route, signed in. */
const postToEcho = async (body?: string) =>
  api('test/echo', {
    method: 'POST',
    headers: { ...bearer(await mintToken(server)), 'content-type': 'application/json' },
    body,
  });

const principalWith = (token: string) => api('services/Actor/~principal', { headers: bearer(token) });

async function principalOf(login: string, email?: string): Promise<Principal> {
  const response = await principalWith(await mintToken(server, { login, ...(email ? { email } : {}) }));
  expect(response.status).toBe(200);
  return Principal.parse(await response.json());
}

describe('Actor ~meta and health', () => {
  it('names the identity provider without asking for a token', async () => {
    const response = await api('services/Actor/~meta');
    expect(response.status).toBe(200);
    expect(ActorMeta.parse(await response.json())).toEqual({
      security: [{ clientId: 'parkhere-web', name: 'ParkHere', issuer: `${server.url}/idp` }],
    });
  });

  it('reports health and the database kind', async () => {
    // Polled: the file's world is a copy of the run's template, whose recurring jobs (the draw, the no-show
    // release) fell due while earlier files ran. Minutes into a slow run they have waited past the queue-age
    // limit, and a freshly started instance rightly says degraded until its worker has served them.
    await expect
      .poll(async () => HealthResponse.parse(await (await api('health')).json()), { timeout: 20_000 })
      .toEqual({
        status: 'ok',
        database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
        reasons: [],
      });
  });
});

describe('Actor ~principal', () => {
  it('answers the administrator with the admin flag and a verifiable signed identifier', async () => {
    const admin = await principalOf('admin');
    expect(admin).toMatchObject({
      __entityType: 'ParkHere::Principal',
      preferredUsername: 'admin',
      email: 'admin@parkhere.example',
      isAdministrator: true,
      isDoorman: false,
      imageSrc: null,
    });
    const signed = createSignedIdentifiers(loadSigningSecret(server.app.config.signingSecret));
    expect(await signed.verify(admin.__signedIdentifier)).toMatchObject({
      type: 'ParkHere::Principal',
      version: 1,
    });
  });

  it('answers a normal user without the admin flag', async () => {
    expect(await principalOf('user')).toMatchObject({
      preferredUsername: 'user',
      name: 'Ulrich User',
      isAdministrator: false,
      isDoorman: false,
    });
  });

  it('marks the doorman of the demo data', async () => {
    expect((await principalOf('doorman')).isDoorman).toBe(true);
  });

  it('creates a new allowed-domain user once, with the defaults', async () => {
    const first = await principalOf('newbie', 'Newbie@parkhere.example');
    const second = await principalOf('newbie', 'newbie@PARKHERE.example');
    expect(first).toMatchObject({ email: 'Newbie@parkhere.example', isAdministrator: false });
    expect(second.email).toBe('Newbie@parkhere.example');
    const rows = await server.app.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', 'ilike', 'newbie@parkhere.example')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      isActive: true,
      isQuickReservation: true,
      isNormalReservation: false,
      isGuestReservation: false,
      isLongReservation: false,
      maxNormalReservation: 5,
      maxGuestReservation: 5,
      maxLongReservation: 2,
      startOfWorkingTime: '09:00:00',
      endOfWorkingTime: '17:00:00',
    });
  });

  it('makes an email of ADMIN_EMAILS an administrator on first sign-in', async () => {
    expect((await principalOf('boss', 'boss@parkhere.example')).isAdministrator).toBe(true);
  });

  it('refuses an account outside the allowed domains with EMAIL_DOMAIN_NOT_ALLOWED', async () => {
    const response = await principalWith(
      await mintToken(server, { login: 'stranger', email: 'stranger@elsewhere.example' }),
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ code: 'EMAIL_DOMAIN_NOT_ALLOWED' });
  });

  it('refuses an inactive user with ACCOUNT_DEACTIVATED', async () => {
    await server.app.database.db
      .insertInto('users')
      .values({ email: 'gone@parkhere.example', name: 'Gone', isActive: false })
      .execute();
    const response = await principalWith(await mintToken(server, { login: 'gone' }));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ code: 'ACCOUNT_DEACTIVATED' });
  });
});

describe('the language a user works in', () => {
  const storedLocale = async (email: string) => {
    const { rows } = await sql<{ locale: string | null }>`SELECT locale FROM users
      WHERE lower(email) = ${email}`.execute(server.app.database.db);
    return rows[0]?.locale;
  };

  it('is what the app sends as Accept-Language, kept on the user for their mails', async () => {
    const token = await mintToken(server, { login: 'linguist' });
    const first = await api('services/Actor/~principal', {
      headers: { ...bearer(token), 'Accept-Language': 'en-US' },
    });
    expect(first.status).toBe(200);
    expect(await storedLocale('linguist@parkhere.example')).toBe('en-US');
  });

  it('ignores a language the app has no texts for', async () => {
    const token = await mintToken(server, { login: 'polyglot' });
    await api('services/Actor/~principal', { headers: { ...bearer(token), 'Accept-Language': 'en-US' } });
    // Another token of the same user (a later sign-in), so the actor is looked up again.
    const later = await mintToken(server, { login: 'polyglot', name: 'Polly Glot' });
    const response = await api('services/Actor/~principal', {
      headers: { ...bearer(later), 'Accept-Language': 'de-DE,de;q=0.9' },
    });
    expect(response.status).toBe(200);
    expect(await storedLocale('polyglot@parkhere.example')).toBe('en-US');
  });
});

describe('bearer token check', () => {
  async function expect401(headers: Record<string, string>, code = 'AUTHENTICATION_REQUIRED') {
    const response = await api('services/Actor/~principal', { headers });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ code });
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
  }

  it('requires a token', async () => {
    await expect401({});
    await expect401({ authorization: 'Basic dXNlcjp1c2Vy' });
  });

  it('says the token expired when it did', async () => {
    await expect401(bearer(await mintToken(server, { expiresIn: -120 })), 'ACCESS_TOKEN_EXPIRED');
  });

  it('tolerates 60 s of clock skew', async () => {
    expect((await principalWith(await mintToken(server, { expiresIn: -30 }))).status).toBe(200);
  });

  it('refuses a token signed with another key', async () => {
    await expect401(bearer(await mintToken(server, { forged: true })));
  });

  it('refuses an expired forgery as unauthenticated, not expired', async () => {
    await expect401(bearer(await mintToken(server, { forged: true, expiresIn: -120 })));
  });

  it('refuses a token of another issuer', async () => {
    await expect401(bearer(await mintToken(server, { issuer: 'https://idp.elsewhere.example' })));
  });

  it('refuses a token for another audience', async () => {
    await expect401(bearer(await mintToken(server, { audience: 'someone-else' })));
  });

  it("refuses an unsigned token (alg 'none')", async () => {
    await expect401(bearer(unsignedToken(server)));
  });
});

describe('API errors', () => {
  it('answers an unknown API path with ENTITY_NOT_FOUND', async () => {
    const response = await api('services/Nothing/~list', {
      method: 'POST',
      headers: bearer(await mintToken(server)),
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 'ENTITY_NOT_FOUND' });
  });

  it('answers malformed JSON with an INVALID_JSON item', async () => {
    const response = await postToEcho('{"name": ');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual([{ code: 'INVALID_JSON', level: 'ERROR', location: '' }]);
  });

  it('takes an empty JSON body as no body', async () => {
    const response = await postToEcho();
    expect(response.status).toBe(200);
    expect(await response.json()).toBeNull();
  });

  it('refuses a prototype-poisoning body', async () => {
    const response = await postToEcho('{"__proto__": {"isAdministrator": true}}');
    expect(response.status).toBe(400);
  });

  it('accepts well-formed JSON on the same route', async () => {
    const response = await postToEcho('{"name":"x"}');
    expect(await response.json()).toEqual({ name: 'x' });
  });
});

describe('logs', () => {
  it('never contain the bearer token or the query string', async () => {
    const token = await mintToken(server);
    await api('services/Actor/~principal?code=very-secret-code', { headers: bearer(token) });
    const lines = server.logs.filter((line) => line.includes('/api/services/Actor/~principal'));
    expect(lines.length).toBeGreaterThan(0);
    const all = server.logs.join('\n');
    expect(all).not.toContain(token);
    expect(all).not.toContain(token.split('.')[2]);
    expect(all).not.toContain('very-secret-code');
  });

  type RequestLine = {
    reqId: string;
    req: { method: string; url: string };
    res: { statusCode: number };
    responseTime: number;
  };

  /** The lines logged for the one request `send` makes (a line is written once its answer has gone out). */
  async function requestLines(
    send: () => Promise<Response>,
  ): Promise<{ status: number; lines: RequestLine[] }> {
    const before = server.logs.length;
    const { status } = await send();
    const ofRequests = () =>
      server.logs
        .slice(before)
        .map((line) => JSON.parse(line) as Partial<RequestLine>)
        .filter((line): line is RequestLine => line.reqId !== undefined);
    await vi.waitFor(() => expect(ofRequests().length).toBeGreaterThan(0));
    // Time for a second line, were one coming.
    await new Promise((resolve) => setTimeout(resolve, 100));
    return { status, lines: ofRequests() };
  }

  it('hold one line per request with its route, status, duration and request id', async () => {
    const token = 'a-check-in-token-of-a-mail-1234567890';
    const answered = [
      { route: '/api/health', ...(await requestLines(() => api('health'))) },
      { route: '/api/test/echo', ...(await requestLines(() => postToEcho('{"broken'))) },
      {
        route: '/ParkHere/check-in/:token',
        ...(await requestLines(() => fetch(`${server.url}/ParkHere/check-in/${token}`))),
      },
    ];
    expect(answered.map(({ status }) => status)).toEqual([200, 400, 404]);
    for (const { route, status, lines } of answered) {
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ req: { url: route }, res: { statusCode: status } });
      expect(lines[0]?.responseTime).toBeGreaterThanOrEqual(0);
    }
    expect(new Set(answered.map(({ lines }) => lines[0]?.reqId)).size).toBe(3);
    expect(server.logs.join('\n')).not.toContain(token);
  });
});
