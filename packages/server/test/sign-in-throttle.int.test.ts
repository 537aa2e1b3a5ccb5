import { describe, expect, it } from 'vitest';
import type { SignInPolicy } from '../src/platform/idp/sign-in-policy.ts';
import { CookieJar, loginAuthorizeUrl } from './oidc-flow.ts';
import { createStorage, freePort, startServer, type TestServer, worldOfFile } from './world.ts';

/*
 * The embedded provider's sign-in form against password guessing (issue 25, item 2): a wait that grows per
 * login and address instead of a lock, which strangers cannot impose on a login's owner at an address the
 * owner signed in from; counters in the database; X-Forwarded-For believed only from TRUSTED_PROXIES. The
 * throttle runs on a clock the test moves, with small numbers, so nothing waits real minutes. The test is the
 * trusted proxy (127.0.0.1) and names each client's address in X-Forwarded-For.
 */
const MINUTE = 60 * 1000;
const POLICY: SignInPolicy = {
  pairFreeFailures: 3,
  loginFreeFailures: 5,
  addressFreeFailures: 8,
  firstDelayMs: MINUTE,
  maxDelayMs: 10 * MINUTE,
  forgetAfterMs: 60 * MINUTE,
  knownForMs: 24 * 60 * MINUTE,
};
let now = Date.now();
const signIn = { policy: POLICY, now: () => new Date(now) };

const { server } = await worldOfFile({ signIn, env: { TRUSTED_PROXIES: '127.0.0.1,::1' } });

type Try = { status: number; retryAfter: string | null; text: string };

/** A browser at the login form of a fresh sign-in, reaching the server through the test's proxy. */
async function loginForm(target: TestServer, base = target.url) {
  const jar = new CookieJar();
  const interaction = new URL(
    // In English, as the app asks for it when its language is English.
    (await jar.fetch(loginAuthorizeUrl(base, `${target.url}/`, { ui_locales: 'en-US' }))).headers.get(
      'location',
    ) ?? '',
    base,
  );
  const page = await jar.fetch(`${base}${interaction.pathname}`);
  const html = await page.text();
  const action = new URL(/<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '', base);
  return {
    html,
    post: async (login: string, password: string, forwardedFor?: string): Promise<Try> => {
      const response = await jar.fetch(`${base}${action.pathname}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }),
        },
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

/** One try in a fresh sign-in, from `address`. */
const attempt = async (login: string, password: string, address: string, target = server) =>
  (await loginForm(target)).post(login, password, address);

describe('a login tried from one address', () => {
  it('waits longer after each failure past the free ones, never locks, and the right password then signs in', async () => {
    const at = '203.0.113.1';
    const form = await loginForm(server);
    expect((await form.post('doorman', 'guess1', at)).status).toBe(401);
    expect((await form.post('Doorman', 'guess2', at)).status).toBe(401);
    expect((await form.post('doorman ', 'guess3', at)).status).toBe(401);
    const early = await form.post('doorman', 'guess4', at);
    expect(early).toMatchObject({ status: 429, retryAfter: '60' });
    expect(early.text).toContain('Too many failed sign-ins. Try again in a minute.');
    // While it waits even the right password is not checked: waiting tells a guesser nothing.
    expect((await form.post('doorman', 'doorman', at)).status).toBe(429);

    now += MINUTE;
    expect((await form.post('doorman', 'guess5', at)).status).toBe(401);
    expect(await form.post('doorman', 'guess6', at)).toMatchObject({ status: 429, retryAfter: '120' });
    now += 30 * 1000;
    expect(await form.post('doorman', 'guess6', at)).toMatchObject({ status: 429, retryAfter: '90' });

    // Another login at the same address, and the same login elsewhere, are not held up.
    expect((await attempt('quick', 'quick', at)).status).toBe(303);
    expect((await attempt('doorman', 'wrong', '203.0.113.2')).status).toBe(401);

    now += 90 * 1000;
    expect((await form.post('doorman', 'doorman', at)).status).toBe(303);
    // Signed in: the pair's failures are forgotten.
    expect((await attempt('doorman', 'wrong', at)).status).toBe(401);
  });

  it('waits at most maxDelay, and forgets its failures after a quiet hour', async () => {
    now += 2 * 60 * MINUTE;
    const at = '203.0.113.3';
    const form = await loginForm(server);
    let waited = 0;
    for (let failure = 0; failure < 12; failure += 1) {
      const answer = await form.post('admin', `guess${failure}`, at);
      if (answer.status === 429) {
        waited = Number(answer.retryAfter);
        now += waited * 1000;
        expect((await form.post('admin', `guess${failure}`, at)).status).toBe(401);
      }
    }
    expect(waited).toBe(600);
    now += 60 * MINUTE;
    expect((await form.post('admin', 'admin', at)).status).toBe(303);
  });
});

describe('a login its owner signed in with before', () => {
  it('is not kept from its owner at a known address by a stranger guessing from many addresses', async () => {
    now += 2 * 60 * MINUTE;
    const home = '198.51.100.7';
    expect((await attempt('quick', 'quick', home)).status).toBe(303);
    // Guesses from several addresses, each under its pair's allowance, spend the login's five.
    for (const [address, guesses] of [
      ['203.0.113.10', 2],
      ['203.0.113.11', 2],
      ['203.0.113.12', 1],
    ] as const) {
      const form = await loginForm(server);
      for (let guess = 0; guess < guesses; guess += 1) {
        expect((await form.post('quick', `guess${guess}`, address)).status).toBe(401);
      }
    }
    expect((await attempt('quick', 'guess-c', '203.0.113.13')).status).toBe(429);
    // The owner at home signs in at once; at an address the login was never used from, after the wait.
    expect((await attempt('quick', 'quick', home)).status).toBe(303);
    const elsewhere = await attempt('quick', 'quick', '198.51.100.8');
    expect(elsewhere.status).toBe(429);
    now += Number(elsewhere.retryAfter) * 1000;
    expect((await attempt('quick', 'quick', '198.51.100.8')).status).toBe(303);
  });

  it('signs in at a shared address that sprayed guesses at other logins, where strangers wait', async () => {
    now += 2 * 60 * MINUTE;
    const office = '192.0.2.50';
    expect((await attempt('user', 'user', office)).status).toBe(303);
    for (const login of ['anna', 'bela', 'csaba', 'dora', 'erno', 'ferenc', 'gizi', 'hugo']) {
      expect((await attempt(login, 'secret', office)).status).toBe(401);
    }
    expect((await attempt('ilona', 'secret', office)).status).toBe(429);
    expect((await attempt('admin', 'admin', office)).status).toBe(429);
    expect((await attempt('user', 'user', office)).status).toBe(303);
  });
});

describe('the address a try counts at', () => {
  it('is the last hop before the trusted proxies: hops a client writes in front of it change nothing', async () => {
    now += 2 * 60 * MINUTE;
    const form = await loginForm(server);
    for (let i = 1; i <= 3; i += 1) {
      expect((await form.post('stranger', `guess${i}`, `10.9.9.${i}, 203.0.113.20`)).status).toBe(401);
    }
    expect((await form.post('stranger', 'guess4', '10.9.9.4, 203.0.113.20')).status).toBe(429);
  });

  it('is the connection’s without TRUSTED_PROXIES: a new X-Forwarded-For per try skips nothing', async () => {
    now += 2 * 60 * MINUTE;
    const storage = await createStorage();
    const direct = await startServer(storage, { signIn });
    try {
      const statuses: number[] = [];
      for (let i = 1; i <= 5; i += 1) {
        statuses.push((await attempt('stranger', `guess${i}`, `203.0.113.${100 + i}`, direct)).status);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await direct.close();
    }
  });

  it('counts an IPv6 client by its /64, which one client may fill with addresses', async () => {
    now += 2 * 60 * MINUTE;
    for (let i = 1; i <= 3; i += 1) {
      expect((await attempt('doorman', `guess${i}`, `2001:db8:aa:bb::${i}`)).status).toBe(401);
    }
    expect((await attempt('doorman', 'guess4', '2001:db8:aa:bb:ffff::1')).status).toBe(429);
    expect((await attempt('doorman', 'guess4', '2001:db8:aa:cc::1')).status).toBe(401);
  });
});

describe('the counters', () => {
  it('are in the database: a wait outlives the instance that counted it', async () => {
    now += 2 * 60 * MINUTE;
    const storage = await createStorage();
    const port = await freePort();
    const env = { TRUSTED_PROXIES: '127.0.0.1' };
    const first = await startServer(storage, { port, signIn, env });
    for (let i = 1; i <= 3; i += 1) {
      expect((await attempt('admin', `guess${i}`, '203.0.113.30', first)).status).toBe(401);
    }
    await first.stop();
    const second = await startServer(storage, { port, signIn, env });
    try {
      expect((await attempt('admin', 'admin', '203.0.113.30', second)).status).toBe(429);
    } finally {
      await second.close();
    }
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
      const { html } = await loginForm(open, `http://127.0.0.1:${port}`);
      expect(html).toContain('name="password"');
      expect(html).not.toContain('Demo accounts');
    } finally {
      await open.close();
    }
  });

  it('names the demo accounts on the form at a local address', async () => {
    expect((await loginForm(server)).html).toContain('Demo accounts: admin, user');
  });
});
