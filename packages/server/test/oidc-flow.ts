import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';

/** A minimal browser stand-in: follows nothing by itself, keeps cookies by name. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair?.indexOf('=') ?? -1;
      if (pair === undefined || index <= 0) {
        continue;
      }
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) {
        this.cookies.delete(name);
      } else {
        this.cookies.set(name, value);
      }
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string> | undefined), cookie: this.header() },
    });
    this.store(response);
    return response;
  }
}

export type Tokens = {
  access_token: string;
  refresh_token?: string;
  id_token: string;
  expires_in: number;
  token_type: string;
};

function location(response: Response, base: string): string {
  const value = response.headers.get('location');
  expect(value, `redirect expected, got ${response.status}`).toBeTruthy();
  return new URL(value ?? '', base).toString();
}

/** An authorization request as the web app sends it: PKCE S256, a state and a nonce, and what it checks with. */
export function webAuthorizeRequest(
  appUrl: string,
  redirectUri: string,
  extra: Record<string, string> = {},
): { url: string; verifier: string; state: string; nonce: string } {
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(8).toString('hex');
  const nonce = randomBytes(8).toString('hex');
  const authorize = new URL(`${appUrl}/idp/auth`);
  authorize.search = new URLSearchParams({
    client_id: 'parkhere-web',
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid profile email offline_access',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...extra,
  }).toString();
  return { url: authorize.toString(), verifier, state, nonce };
}

/** The code exchange at the token endpoint, as the web app makes it. */
export function exchangeCode(appUrl: string, code: string, redirectUri: string, verifier: string) {
  return fetch(`${appUrl}/idp/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: 'parkhere-web',
      code_verifier: verifier,
    }).toString(),
  });
}

/**
 * The web app's sign-in, over real HTTP: authorization request with PKCE S256, the login
 * form, the redirect back with a code, and the code exchange at the token endpoint.
 */
export async function signInWithCode(
  appUrl: string,
  login: string,
  password: string = login,
): Promise<{ tokens: Tokens; jar: CookieJar; redirectUri: string }> {
  const jar = new CookieJar();
  const redirectUri = `${appUrl}/reservations`;
  const { url, verifier, state } = webAuthorizeRequest(appUrl, redirectUri);

  let response = await jar.fetch(url);
  const interactionUrl = location(response, appUrl);
  expect(new URL(interactionUrl).pathname).toMatch(/^\/idp\/interaction\//);

  response = await jar.fetch(interactionUrl);
  expect(response.status).toBe(200);
  const page = await response.text();
  expect(page).toContain('name="login"');
  expect(page).toContain('name="password"');
  const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1];
  expect(action).toBeTruthy();

  response = await jar.fetch(new URL(action ?? '', appUrl).toString(), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ login, password }).toString(),
  });
  expect(response.status, await response.clone().text()).toBe(303);
  // Follow the provider's redirects (resume, possibly consent) until it returns to the app.
  let next = location(response, appUrl);
  for (let hop = 0; hop < 5 && !next.startsWith(redirectUri); hop += 1) {
    response = await jar.fetch(next);
    if (response.status !== 303 && response.status !== 302) {
      expect.fail(`${next} answered ${response.status}: ${await response.text()}`);
    }
    next = location(response, appUrl);
  }
  const callback = new URL(next);
  expect(callback.searchParams.get('state')).toBe(state);
  const code = callback.searchParams.get('code');
  expect(code, callback.searchParams.get('error_description') ?? 'code').toBeTruthy();

  const tokenResponse = await exchangeCode(appUrl, code ?? '', redirectUri, verifier);
  const body = (await tokenResponse.json()) as Tokens;
  expect(tokenResponse.status, JSON.stringify(body)).toBe(200);
  return { tokens: body, jar, redirectUri };
}

/**
 * The authorization request that opens the provider's login form (PKCE with a fixed challenge), with `extra`
 * parameters (e.g. `ui_locales`).
 */
export function loginAuthorizeUrl(
  appUrl: string,
  redirectUri = `${appUrl}/`,
  extra: Record<string, string> = {},
): string {
  const authorize = new URL(`${appUrl}/idp/auth`);
  authorize.search = new URLSearchParams({
    client_id: 'parkhere-web',
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    ...extra,
  }).toString();
  return authorize.toString();
}

/** The login form's interaction as a bare client reaches it: its URL and the cookie the provider set. */
export async function openLoginForm(
  appUrl: string,
  extra: Record<string, string> = {},
): Promise<{ interaction: URL; cookie: string }> {
  const first = await fetch(loginAuthorizeUrl(appUrl, `${appUrl}/`, extra), { redirect: 'manual' });
  const cookie = first.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { interaction: new URL(first.headers.get('location') ?? '', appUrl), cookie };
}

export async function refresh(appUrl: string, refreshToken: string): Promise<Response> {
  return fetch(`${appUrl}/idp/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: 'parkhere-web',
    }).toString(),
  });
}
