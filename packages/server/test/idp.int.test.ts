import type { Principal } from '@parkhere/contract';
import { decodeJwt } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type CookieJar,
  exchangeCode,
  openLoginForm,
  refresh,
  signInWithCode,
  type Tokens,
  webAuthorizeRequest,
} from './oidc-flow.ts';
import { bearer } from './tokens.ts';
import { createStorage, startServer } from './world.ts';

const world = await createStorage();
let server = await startServer(world);
afterAll(() => server.close());

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

  it('offers the code flow only: discovery advertises no implicit or hybrid flow, and the provider refuses them', async () => {
    const response = await fetch(`${server.url}/idp/.well-known/openid-configuration`);
    const discovery = (await response.json()) as Record<string, string[]>;
    expect(discovery.response_types_supported).toEqual(['code']);
    expect(discovery.grant_types_supported).not.toContain('implicit');
    expect(discovery.grant_types_supported).toEqual(
      expect.arrayContaining(['authorization_code', 'refresh_token']),
    );
    // A token or an ID token straight from the authorization endpoint is refused, whatever the client asks.
    for (const responseType of ['id_token', 'code id_token', 'id_token token']) {
      const { url } = webAuthorizeRequest(server.url, `${server.url}/`, { response_type: responseType });
      const answer = await fetch(url, { redirect: 'manual' });
      // Back to the client with the error, or the provider's error page where it may not redirect.
      const where = answer.headers.get('location');
      const said = where === null ? await answer.text() : decodeURIComponent(where);
      expect({ responseType, said }).toEqual({
        responseType,
        said: expect.stringContaining('unsupported_response_type'),
      });
    }
  });

  it('signs user in with code + PKCE and the access token opens ~principal', async () => {
    const { tokens } = await signInWithCode(server.url, 'user');
    const claims = decodeJwt(tokens.access_token);
    expect(claims).toMatchObject({
      iss: `${server.url}/idp`,
      aud: 'parkhere-api',
      email: 'user@parkhere.example',
      // The API links a demo account to its user by email only when the provider vouches for it.
      email_verified: true,
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

  /** The answer to a wrong password on the login form of a sign-in started with `extra` (the app's ui_locales). */
  const wrongPassword = async (extra: Record<string, string>) => {
    const { interaction, cookie } = await openLoginForm(server.url, extra);
    return fetch(`${interaction}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: 'login=user&password=wrong',
    });
  };

  it('rejects a wrong password with the error text and no redirect', async () => {
    const response = await wrongPassword({ ui_locales: 'en-US' });
    expect(response.status).toBe(401);
    expect(await response.text()).toContain('Invalid username or password');
    const hungarian = await wrongPassword({ ui_locales: 'hu-HU' });
    expect(hungarian.status).toBe(401);
    expect(await hungarian.text()).toContain(
      '<p class="error" role="alert" lang="hu">Hibás felhasználónév vagy jelszó.</p>',
    );
  });

  it('speaks Hungarian on its login form like the app, and English when the app asks for it (issue 31 §3)', async () => {
    const formIn = async (extra: Record<string, string>, acceptLanguage?: string) => {
      const { interaction, cookie } = await openLoginForm(server.url, extra);
      const headers: Record<string, string> =
        acceptLanguage === undefined ? { cookie } : { cookie, 'accept-language': acceptLanguage };
      return (await fetch(interaction, { headers })).text();
    };
    for (const page of [await formIn({}), await formIn({ ui_locales: 'hu-HU' }, 'en-US,en;q=0.9')]) {
      expect(page).toContain('<html lang="hu">');
      expect(page).toContain('<title>Bejelentkezés · ParkHere</title>');
      expect(page).toContain('<h1>Bejelentkezés</h1>');
      expect(page).toContain('<label>Felhasználónév<input name="login"');
      expect(page).toContain('<label>Jelszó<input name="password"');
      expect(page).toContain('<button type="submit">Bejelentkezés</button>');
      expect(page).not.toMatch(/Sign in|Username|Password/);
    }
    const english = await formIn({ ui_locales: 'en-US' }, 'hu-HU');
    expect(english).toContain('<html lang="en">');
    expect(english).toContain('<label>Username<input name="login"');
    expect(english).toContain('<label>Password<input name="password"');
    expect(english).toContain('<button type="submit">Sign in</button>');
    // A request gone stale is told in the browser's language, Hungarian when it names none of the two.
    const expired = await fetch(`${server.url}/idp/interaction/unknown-uid`);
    expect(expired.status).toBe(400);
    expect(await expired.text()).toContain('A bejelentkezési kérés lejárt.');
  });

  it('serves a login page that works under the CSP: no inline script or style, no framing', async () => {
    const { interaction, cookie } = await openLoginForm(server.url);
    const page = await fetch(interaction, {
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

  it("brands the login page like the app: the app's icon and its font, served with the page (issue 14, item 30)", async () => {
    const { interaction, cookie } = await openLoginForm(server.url);
    const html = await (await fetch(interaction, { headers: { cookie } })).text();
    expect(html).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
    expect(html).toContain('<img class="logo" src="/favicon.svg" alt="">');
    expect(html).toContain('href="/idp/assets/fonts.css"');
    const fonts = await (await fetch(`${server.url}/idp/assets/fonts.css`)).text();
    // Hungarian's ő and ű are in latin-ext: that file is there for every weight the pages use.
    for (const weight of ['400', '600', '700']) {
      const file = `source-sans-3-latin-ext-${weight}-normal.woff2`;
      expect(fonts).toContain(`url(./${file})`);
      const font = await fetch(`${server.url}/idp/assets/${file}`);
      expect(font.status).toBe(200);
      expect(font.headers.get('content-type')).toBe('font/woff2');
      expect((await font.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    }
    expect(fonts).toContain("font-family: 'Source Sans 3'");
    // Nothing else of the package, nor of the disk, is reachable through the asset route.
    for (const name of ['source-sans-3-latin-200-normal.woff2', 'package.json', '..%2Fpackage.json']) {
      expect((await fetch(`${server.url}/idp/assets/${name}`)).status).toBe(404);
    }
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

  it("signs a new tab in without a page (prompt=none): a code straight to the callback page while the provider's session lives, used once", async () => {
    const { jar } = await signInWithCode(server.url, 'user');
    const callbackPage = `${server.url}/silent-renew.html`;
    const silent = webAuthorizeRequest(server.url, callbackPage, { prompt: 'none' });
    const answer = await jar.fetch(silent.url);
    // A redirect the hidden frame follows, framable by the app alone: the frame never shows a page of its own.
    expect([302, 303]).toContain(answer.status);
    expect(answer.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    const callback = new URL(answer.headers.get('location') ?? '', server.url);
    expect(`${callback.origin}${callback.pathname}`).toBe(callbackPage);
    expect(callback.searchParams.get('state')).toBe(silent.state);
    const code = callback.searchParams.get('code') ?? '';
    expect(code).not.toBe('');

    const exchanged = await exchangeCode(server.url, code, callbackPage, silent.verifier);
    const tokens = (await exchanged.json()) as Tokens;
    expect(exchanged.status, JSON.stringify(tokens)).toBe(200);
    expect(decodeJwt(tokens.id_token)).toMatchObject({ sub: 'user', nonce: silent.nonce });
    expect((await principal(tokens.access_token)).status).toBe(200);
    // A stale code that comes back (a replayed callback) is refused.
    const replayed = await exchangeCode(server.url, code, callbackPage, silent.verifier);
    expect(replayed.status).toBe(400);
    expect(await replayed.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('answers a silent request without a session with login_required to the callback page, never the login form', async () => {
    const callbackPage = `${server.url}/silent-renew.html`;
    const silent = webAuthorizeRequest(server.url, callbackPage, { prompt: 'none' });
    const answer = await fetch(silent.url, { redirect: 'manual' });
    expect([302, 303]).toContain(answer.status);
    const callback = new URL(answer.headers.get('location') ?? '', server.url);
    expect(`${callback.origin}${callback.pathname}`).toBe(callbackPage);
    expect(callback.searchParams.get('error')).toBe('login_required');
    expect(callback.searchParams.get('state')).toBe(silent.state);
  });

  it('sends no code of a silent request to another origin', async () => {
    const { jar } = await signInWithCode(server.url, 'user');
    const silent = webAuthorizeRequest(server.url, 'https://evil.example/silent-renew.html', {
      prompt: 'none',
    });
    const answer = await jar.fetch(silent.url);
    expect(answer.status).toBe(400);
    expect(answer.headers.get('location')).toBeNull();
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

  it('hands out a new refresh token on every renewal and revokes the grant when a used one comes back', async () => {
    const { tokens } = await signInWithCode(server.url, 'user');
    const first = await refresh(server.url, tokens.refresh_token ?? '');
    const renewed = (await first.json()) as Tokens;
    expect(first.status).toBe(200);
    expect(renewed.refresh_token).toBeTruthy();
    expect(renewed.refresh_token).not.toBe(tokens.refresh_token);
    const next = await refresh(server.url, renewed.refresh_token ?? '');
    const current = (await next.json()) as Tokens;
    expect(next.status).toBe(200);

    // A thief replays the first refresh token: refused, and the rightful holder's current one dies with it.
    const replayed = await refresh(server.url, tokens.refresh_token ?? '');
    expect(replayed.status).toBe(400);
    expect(await replayed.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await refresh(server.url, current.refresh_token ?? '')).status).toBe(400);
  });

  it('lets only one of two simultaneous renewals with one refresh token through, and then revokes the grant', async () => {
    const { tokens } = await signInWithCode(server.url, 'user');
    const answers = await Promise.all([
      refresh(server.url, tokens.refresh_token ?? ''),
      refresh(server.url, tokens.refresh_token ?? ''),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const winner = answers.find((answer) => answer.status === 200);
    const renewed = (await winner?.json()) as Tokens;
    expect((await refresh(server.url, renewed.refresh_token ?? '')).status).toBe(400);
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

  /** Opens end session as a browser would follow a link: the page, its form's action and xsrf value. */
  async function openEndSession(jar: CookieJar, params: Record<string, string>) {
    const endSession = new URL(`${server.url}/idp/session/end`);
    endSession.search = new URLSearchParams(params).toString();
    const page = await jar.fetch(endSession.toString());
    expect(page.status).toBe(200);
    const html = await page.text();
    return {
      html,
      confirm: () =>
        jar.fetch(new URL(/action="([^"]+)"/.exec(html)?.[1] ?? '', server.url).toString(), {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            xsrf: /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '',
            logout: 'yes',
          }).toString(),
        }),
    };
  }

  it('asks before signing out when a link from elsewhere opens end session without the app’s ID token', async () => {
    const { tokens, jar } = await signInWithCode(server.url, 'user');
    const { html, confirm } = await openEndSession(jar, {
      post_logout_redirect_uri: `${server.url}/`,
      ui_locales: 'en-US',
    });
    // No script that confirms by itself: the user sees a question and two choices.
    expect(html).not.toContain('logout.js');
    expect(html).toContain('Do you want to sign out of ParkHere?');
    expect(html).toMatch(
      /<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out<\/button>/,
    );
    expect(html).toContain(`href="${server.url}/">Stay signed in</a>`);
    // Nothing happened yet.
    const renewed = await refresh(server.url, tokens.refresh_token ?? '');
    expect(renewed.status).toBe(200);
    // The user's own click signs them out.
    expect((await confirm()).status).toBe(303);
    expect((await refresh(server.url, ((await renewed.json()) as Tokens).refresh_token ?? '')).status).toBe(
      400,
    );
  });

  it('asks too when the link carries a valid ID token of another account', async () => {
    const { jar } = await signInWithCode(server.url, 'user');
    const attacker = await signInWithCode(server.url, 'quick');
    const { html } = await openEndSession(jar, { id_token_hint: attacker.tokens.id_token });
    expect(html).not.toContain('logout.js');
    expect(html).toContain('Ki szeretne jelentkezni a ParkHere-ből?');
  });

  it('speaks the app’s language on its sign-out pages, Hungarian by default, to the signed-out page (issue 31)', async () => {
    const headers = (acceptLanguage: string) => ({ headers: { 'accept-language': acceptLanguage } });
    // The app's own sign-out (its ID token): the page that confirms itself, in the language it sends.
    for (const [uiLocales, lang, heading] of [
      ['hu-HU', 'hu', 'Kijelentkezés…'],
      ['en-US', 'en', 'Signing out…'],
    ] as const) {
      const { tokens, jar } = await signInWithCode(server.url, 'user');
      const endSession = new URL(`${server.url}/idp/session/end`);
      endSession.search = new URLSearchParams({
        id_token_hint: tokens.id_token,
        post_logout_redirect_uri: `${server.url}/`,
        ui_locales: uiLocales,
      }).toString();
      const page = await (
        await jar.fetch(endSession.toString(), headers(lang === 'hu' ? 'en-US' : 'hu-HU'))
      ).text();
      expect(page).toContain(`<html lang="${lang}">`);
      expect(page).toContain(`<h1>${heading}</h1>`);
    }

    // A link from elsewhere, no language asked: Hungarian like the app, whatever the browser says, when it
    // names neither language; then the signed-out page after the user's own click.
    const hungarian = await signInWithCode(server.url, 'user');
    const asked = await openEndSession(hungarian.jar, {});
    expect(asked.html).toContain('<html lang="hu">');
    expect(asked.html).toContain('<title>Kijelentkezés · ParkHere</title>');
    expect(asked.html).toContain('<h1>Kijelentkezik?</h1>');
    expect(asked.html).toMatch(
      /<button type="submit" form="op.logoutForm" name="logout" value="yes">Kijelentkezés<\/button>/,
    );
    expect(asked.html).toContain(`href="${server.url}/">Bejelentkezve maradok</a>`);
    expect(asked.html).not.toMatch(/Sign out|Stay signed in/);
    const signedOut = async (confirmed: Response, jar: CookieJar, acceptLanguage: string) => {
      expect(confirmed.status).toBe(303);
      return (
        await jar.fetch(new URL(confirmed.headers.get('location') ?? '', server.url).toString(), {
          headers: { 'accept-language': acceptLanguage },
        })
      ).text();
    };
    const huDone = await signedOut(await asked.confirm(), hungarian.jar, 'de-DE');
    expect(huDone).toContain('<html lang="hu">');
    expect(huDone).toContain('<h1>Kijelentkezett</h1>');
    expect(huDone).toContain(`href="${server.url}/">Vissza a ParkHere-be</a>`);

    // Asked in English on a Hungarian browser: English to the end, the signed-out page too, which the request
    // reaches without its ui_locales.
    const english = await signInWithCode(server.url, 'user');
    const askedEn = await openEndSession(english.jar, { ui_locales: 'en-US' });
    expect(askedEn.html).toContain('<html lang="en">');
    const enDone = await signedOut(await askedEn.confirm(), english.jar, 'hu-HU');
    expect(enDone).toContain('<html lang="en">');
    expect(enDone).toContain('<h1>Signed out</h1>');
    expect(enDone).toContain('You have signed out of ParkHere.');

    // A refused sign-out (an ID token that is none) is told to a browser in the language asked, Hungarian by
    // default.
    for (const [extra, lang, heading] of [
      [{}, 'hu', 'Valami hiba történt'],
      [{ ui_locales: 'en-US' }, 'en', 'Something went wrong'],
    ] as const) {
      const refused = await fetch(
        `${server.url}/idp/session/end?${new URLSearchParams({ id_token_hint: 'not-a-token', ...extra })}`,
        { headers: { 'accept-language': 'de-DE', accept: 'text/html' } },
      );
      expect(refused.status).toBe(400);
      const html = await refused.text();
      expect(html).toContain(`<html lang="${lang}">`);
      expect(html).toContain(`<h1>${heading}</h1>`);
    }
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
