import { describe, expect, it } from 'vitest';
import { createSignInThrottle } from '../src/platform/idp/sign-in-throttle.ts';
import { CookieJar, loginAuthorizeUrl } from './oidc-flow.ts';
import { createStorage, freePort, startServer, type TestServer, worldOfFile } from './world.ts';

// The embedded provider's sign-in form against password guessing (issue 11, item 4). The throttle runs on a
// clock the test moves, with small limits, so nothing waits real minutes.
const WINDOW_MS = 10 * 60 * 1000;
let now = Date.now();

const { server } = await worldOfFile({
  signInThrottle: createSignInThrottle({ perAccount: 3, perAddress: 6, windowMs: WINDOW_MS }, () => now),
});

/** A browser at the login form of a fresh sign-in: each post answers as the form would. */
async function loginForm(target: TestServer) {
  const jar = new CookieJar();
  const interaction = new URL(
    (await jar.fetch(loginAuthorizeUrl(target.url))).headers.get('location') ?? '',
    target.url,
  );
  const page = await jar.fetch(interaction.toString());
  const html = await page.text();
  const action = new URL(/<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '', target.url);
  return {
    html,
    post: async (login: string, password: string) => {
      const response = await jar.fetch(action.toString(), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ login, password }).toString(),
      });
      return {
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        text: await response.text(),
      };
    },
  };
}

describe('failed sign-ins at the embedded provider', () => {
  it('refuses an account with 429 and Retry-After after too many wrong passwords, even the right one, until the window passes', async () => {
    const form = await loginForm(server);
    expect((await form.post('doorman', 'guess1')).status).toBe(401);
    expect((await form.post('Doorman', 'guess2')).status).toBe(401);
    const third = await form.post('doorman', 'guess3');
    expect(third.status).toBe(429);
    expect(third.retryAfter).toBe('600');
    expect(third.text).toContain('Too many failed sign-ins. Try again in 10 minutes.');

    now += 4 * 60 * 1000;
    const right = await form.post('doorman', 'doorman');
    expect(right.status).toBe(429);
    expect(right.retryAfter).toBe('360');
    expect(right.text).toContain('Try again in 6 minutes.');

    // Other accounts from the same address still sign in.
    expect((await (await loginForm(server)).post('quick', 'quick')).status).toBe(303);

    now += 6 * 60 * 1000;
    expect((await (await loginForm(server)).post('doorman', 'doorman')).status).toBe(303);
  });

  it('refuses an address that tries many accounts, and counts only failures', async () => {
    now += WINDOW_MS;
    // Correct passwords never count: sign in far more often than any limit.
    for (let i = 0; i < 8; i += 1) {
      expect((await (await loginForm(server)).post('user', 'user')).status).toBe(303);
    }
    const form = await loginForm(server);
    for (const login of ['anna', 'bela', 'csaba', 'dora', 'erno']) {
      expect((await form.post(login, 'secret')).status).toBe(401);
    }
    const sixth = await form.post('ferenc', 'secret');
    expect(sixth.status).toBe(429);
    expect(sixth.retryAfter).toBe('600');
    expect((await (await loginForm(server)).post('user', 'user')).status).toBe(429);

    now += WINDOW_MS;
    expect((await (await loginForm(server)).post('user', 'user')).status).toBe(303);
  });

  it('names the demo accounts on the form at a local address', async () => {
    expect((await loginForm(server)).html).toContain('Demo accounts: admin, user');
  });
});

describe('the embedded provider at a public address', () => {
  it('starts only with ALLOW_DEMO_ACCOUNTS=true, says so in the log, and does not print the demo accounts', async () => {
    const world = await createStorage();
    const port = await freePort();
    const env = { PUBLIC_URL: `http://parking.example.com:${port}` };
    await expect(startServer(world, { port, env })).rejects.toThrow(/ALLOW_DEMO_ACCOUNTS=true/);
    const open = await startServer(world, { port, env: { ...env, ALLOW_DEMO_ACCOUNTS: 'true' } });
    try {
      expect(
        open.logs.some((line) => line.includes('"level":40') && line.includes('ALLOW_DEMO_ACCOUNTS=true')),
      ).toBe(true);
      // The browser reaches the public name; the test reaches the same server on the loopback.
      const local = { ...open, url: `http://127.0.0.1:${port}` };
      const jar = new CookieJar();
      const interaction = new URL(
        (await jar.fetch(loginAuthorizeUrl(local.url, `${env.PUBLIC_URL}/`))).headers.get('location') ?? '',
        local.url,
      );
      const interactionAtLoopback = `${local.url}${interaction.pathname}`;
      const html = await (await jar.fetch(interactionAtLoopback)).text();
      expect(html).toContain('name="password"');
      expect(html).not.toContain('Demo accounts');
    } finally {
      await open.close();
    }
  });
});
