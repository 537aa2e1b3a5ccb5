import { UserManager } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { oidcSettings, silentSignInRequest } from './oidcSettings.ts';
import { sameOriginNavigator } from './sameOriginNavigator.ts';

/*
 * The silent sign-in of a launch (issue 31 §1) with the app's own settings and oidc-client-ts as the app runs it:
 * a hidden frame asks the provider with prompt=none, and its callback page hands the answer up by postMessage.
 * The provider is played by hand: the test posts what the frame would, and answers the token endpoint.
 */

const origin = window.location.origin;
const issuer = `${origin}/idp`;
const provider = { clientId: 'parkhere-web', name: 'ParkHere', issuer };

function manager(): UserManager {
  return new UserManager({
    ...oidcSettings(provider, window.location, window.sessionStorage),
    // The discovery document, so nothing is fetched but the token endpoint.
    metadata: { issuer, authorization_endpoint: `${issuer}/auth`, token_endpoint: `${issuer}/token` },
    automaticSilentRenew: false,
  });
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** An ID token as the token endpoint hands it (oidc-client-ts reads it; the TLS answer vouches for it). */
const idToken = (claims: object) => `${base64url({ alg: 'RS256' })}.${base64url(claims)}.signature`;

type Pending = { id: string; nonce: string; frame: HTMLIFrameElement };

/**
 * The request the hidden frame was sent with, other than `before`: its state id and nonce as oidc-client-ts
 * keeps them, once the app listens for the frame's answer.
 */
async function pendingRequest(before?: Pending): Promise<Pending> {
  const request = await vi.waitFor(() => {
    const frame = [...document.querySelectorAll('iframe')].find((element) => element !== before?.frame);
    const key = Object.keys(localStorage).find(
      (name) => name.startsWith('oidc.') && name !== `oidc.${before?.id}`,
    );
    if (frame === undefined || key === undefined) {
      throw new Error('no silent request yet');
    }
    const state = JSON.parse(localStorage.getItem(key) ?? '{}') as { id: string; nonce: string };
    return { id: state.id, nonce: state.nonce, frame };
  });
  // The state is stored just before the frame is sent and listened to.
  await new Promise((resolve) => setTimeout(resolve, 20));
  return request;
}

/** What the callback page in the frame posts: the provider's answer as the frame's address. */
function post(from: { origin: string; source: Window | null }, query: string): void {
  const data = { source: 'oidc-client', url: `${origin}/silent-renew.html?${query}`, keepOpen: false };
  window.dispatchEvent(new MessageEvent('message', { data, origin: from.origin, source: from.source }));
}

const tokenEndpoint = vi.fn<(nonce: string) => object>();

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  tokenEndpoint.mockReset();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const body = new URLSearchParams(String(init.body));
      return new Response(JSON.stringify(tokenEndpoint(body.get('code') ?? '')), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  for (const frame of document.querySelectorAll('iframe')) {
    frame.remove();
  }
});

const tokens = (nonce: string) => ({
  access_token: 'access',
  token_type: 'Bearer',
  expires_in: 900,
  id_token: idToken({ sub: 'user', nonce }),
});

describe('silent sign-in in a hidden frame (prompt=none)', () => {
  it('signs in from the frame’s answer, and ignores a message from another origin before it', async () => {
    const signIn = manager().signinSilent(silentSignInRequest());
    const request = await pendingRequest();
    tokenEndpoint.mockImplementation(() => tokens(request.nonce));

    // Another site's window posts a code for our state: not listened to, nothing is exchanged.
    post(
      { origin: 'https://elsewhere.example', source: request.frame.contentWindow },
      `code=evil&state=${request.id}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch).not.toHaveBeenCalled();

    post({ origin, source: request.frame.contentWindow }, `code=good&state=${request.id}`);
    const user = await signIn;
    expect(user?.profile.sub).toBe('user');
    expect(tokenEndpoint).toHaveBeenCalledTimes(1);
    expect(tokenEndpoint).toHaveBeenCalledWith('good');
  });

  it('asks with prompt=none, PKCE, a fresh nonce and the callback page as redirect; login_required ends it', async () => {
    const users = manager();
    // oidc-client-ts's own client builds the address the frame is sent to.
    const client = (users as unknown as { _client: { createSigninRequest: () => Promise<{ url: string }> } })
      ._client;
    const created = vi.spyOn(client, 'createSigninRequest');
    const signIn = users.signinSilent(silentSignInRequest());
    const request = await pendingRequest();
    const address = new URL((await created.mock.results[0]?.value)?.url ?? '');
    expect(`${address.origin}${address.pathname}`).toBe(`${issuer}/auth`);
    expect(Object.fromEntries(address.searchParams)).toMatchObject({
      prompt: 'none',
      response_type: 'code',
      code_challenge_method: 'S256',
      redirect_uri: `${origin}/silent-renew.html`,
      nonce: request.nonce,
      state: request.id,
    });
    expect(request.nonce).toMatch(/^[\w-]{22}$/);
    expect(silentSignInRequest().nonce).not.toBe(request.nonce);

    post({ origin, source: request.frame.contentWindow }, `error=login_required&state=${request.id}`);
    await expect(signIn).rejects.toMatchObject({ error: 'login_required' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses an ID token whose nonce is not the request’s', async () => {
    const signIn = manager().signinSilent(silentSignInRequest());
    const request = await pendingRequest();
    tokenEndpoint.mockImplementation(() => tokens('another request’s nonce'));
    post({ origin, source: request.frame.contentWindow }, `code=good&state=${request.id}`);
    await expect(signIn).rejects.toThrow(/nonce/);
  });

  it('refuses an answer whose state is not the request’s, and exchanges nothing', async () => {
    const signIn = manager().signinSilent(silentSignInRequest());
    const request = await pendingRequest();
    post({ origin, source: request.frame.contentWindow }, 'code=good&state=forged');
    await expect(signIn).rejects.toThrow(/state/);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('does not exchange a stale code again: a used answer finds no request', async () => {
    const users = manager();
    const first = users.signinSilent(silentSignInRequest());
    const used = await pendingRequest();
    tokenEndpoint.mockImplementation(() => tokens(used.nonce));
    post({ origin, source: used.frame.contentWindow }, `code=first&state=${used.id}`);
    await first;

    const second = users.signinSilent(silentSignInRequest());
    const next = await pendingRequest(used);
    post({ origin, source: next.frame.contentWindow }, `code=first&state=${used.id}`);
    await expect(second).rejects.toThrow(/state/);
    expect(tokenEndpoint).toHaveBeenCalledTimes(1);
  });
});

describe('the callback page of the hidden frame', () => {
  it('posts the answer to its own origin only, the app’s', async () => {
    const postMessage = vi.spyOn(window.parent, 'postMessage').mockImplementation(() => undefined);
    await import('./silentRenewCallback.ts');
    await vi.waitFor(() => expect(postMessage).toHaveBeenCalled());
    expect(postMessage).toHaveBeenCalledWith(
      expect.objectContaining({ source: 'oidc-client', url: window.location.href }),
      origin,
    );
  });
});

describe('silent sign-in without a frame, for a provider on the app’s origin', () => {
  const callbackPage = `${origin}/silent-renew.html`;
  /** A UserManager whose silent request is fetched; `answer` is where the provider's redirect ended. */
  function fetchingManager(answer: (request: URL) => string | 'never'): UserManager {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url.startsWith(`${issuer}/auth`)) {
          const ended = answer(new URL(url));
          if (ended === 'never') {
            return new Promise((_resolve, reject) =>
              init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
            );
          }
          return { url: ended } as Response;
        }
        const body = new URLSearchParams(String(init.body));
        return new Response(JSON.stringify(tokenEndpoint(body.get('code') ?? '')), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    return new UserManager(
      {
        ...oidcSettings(provider, window.location, window.sessionStorage),
        metadata: { issuer, authorization_endpoint: `${issuer}/auth`, token_endpoint: `${issuer}/token` },
        automaticSilentRenew: false,
        silentRequestTimeoutInSeconds: 1,
      },
      undefined,
      undefined,
      sameOriginNavigator(callbackPage, 1),
    );
  }

  it('signs in from the code the callback page’s address carries, with no frame, once per state', async () => {
    let nonce = '';
    const users = fetchingManager((request) => {
      nonce = request.searchParams.get('nonce') ?? '';
      expect(request.searchParams.get('prompt')).toBe('none');
      return `${callbackPage}?code=good&state=${request.searchParams.get('state')}`;
    });
    tokenEndpoint.mockImplementation(() => tokens(nonce));
    const user = await users.signinSilent(silentSignInRequest());
    expect(user?.profile.sub).toBe('user');
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
    expect(fetch).toHaveBeenCalledWith(
      expect.stringContaining(`${issuer}/auth?`),
      expect.objectContaining({ mode: 'same-origin', credentials: 'same-origin' }),
    );
  });

  it('fails on login_required, on an answer that is not the callback page, and after its timeout', async () => {
    await expect(
      fetchingManager(
        (request) => `${callbackPage}?error=login_required&state=${request.searchParams.get('state')}`,
      ).signinSilent(silentSignInRequest()),
    ).rejects.toMatchObject({ error: 'login_required' });
    await expect(
      fetchingManager(() => `${issuer}/interaction/abc`).signinSilent(silentSignInRequest()),
    ).rejects.toThrow(/callback page/);
    await expect(fetchingManager(() => 'never').signinSilent(silentSignInRequest())).rejects.toThrow();
    expect(tokenEndpoint).not.toHaveBeenCalled();
  });
});
