import { Principal } from '@parkhere/contract';
import { describe, expect, it } from 'vitest';
import { bearer, type MintOptions, mintToken } from './tokens.ts';
import { createWorld, type TestServer, worldOfFile } from './world.ts';

// Who the caller is (issue 11, item 3): the provider's (issuer, subject) bound on the first sign-in, and an
// email only when the provider vouches for it. Tokens are minted with the embedded IdP's own key, so each
// one differs from a genuine token only in the claims a provider's user could edit.

const { server } = await worldOfFile();

async function principal(target: TestServer, options: MintOptions) {
  const response = await fetch(`${target.url}/api/services/Actor/~principal`, {
    headers: bearer(await mintToken(target, options)),
  });
  const body: unknown = await response.json();
  return { status: response.status, body };
}

async function usersWithEmail(target: TestServer, email: string) {
  return target.app.database.db.selectFrom('users').select('email').where('email', 'ilike', email).execute();
}

describe('who the caller is', () => {
  it('stays the bound user when the account’s email is edited at the provider, and never becomes the user it names', async () => {
    expect((await principal(server, { login: 'user' })).body).toMatchObject({
      email: 'user@parkhere.example',
    });

    const asAdmin = await principal(server, { login: 'user', email: 'admin@parkhere.example' });
    expect(asAdmin).toEqual({ status: 403, body: { code: 'IDENTITY_CONFLICT' } });

    const renamed = await principal(server, { login: 'user', email: 'ulrich.new@parkhere.example' });
    expect(renamed.status).toBe(200);
    expect(Principal.parse(renamed.body)).toMatchObject({
      email: 'user@parkhere.example',
      name: 'Ulrich User',
      isAdministrator: false,
    });
    expect(await usersWithEmail(server, 'ulrich.new@parkhere.example')).toEqual([]);
  });

  it('refuses another account that claims the email of a user bound to someone else', async () => {
    expect((await principal(server, { login: 'admin' })).body).toMatchObject({ isAdministrator: true });
    const mallory = await principal(server, { login: 'mallory', email: 'admin@parkhere.example' });
    expect(mallory).toEqual({ status: 403, body: { code: 'IDENTITY_CONFLICT' } });
    // Still refused when the case differs, and the rightful account still works.
    const shouting = await principal(server, { login: 'mallory', email: 'ADMIN@parkhere.example' });
    expect(shouting).toEqual({ status: 403, body: { code: 'IDENTITY_CONFLICT' } });
    expect((await principal(server, { login: 'admin' })).status).toBe(200);
  });

  it('neither creates nor links a user by an email the provider does not vouch for', async () => {
    const newcomer = await principal(server, {
      login: 'newcomer',
      email: 'newcomer@parkhere.example',
      emailVerified: false,
    });
    expect(newcomer).toEqual({ status: 403, body: { code: 'EMAIL_NOT_VERIFIED' } });
    expect(await usersWithEmail(server, 'newcomer@parkhere.example')).toEqual([]);

    // An unbound demo user is not taken over by an unverified claim of its email…
    const squatter = await principal(server, {
      login: 'squatter',
      email: 'quick@parkhere.example',
      emailVerified: false,
    });
    expect(squatter).toEqual({ status: 403, body: { code: 'EMAIL_NOT_VERIFIED' } });
    // …nor by an email that only stands in preferred_username, which email_verified says nothing about.
    const username = await principal(server, { login: 'quick@parkhere.example', email: null });
    expect(username).toEqual({ status: 403, body: { code: 'EMAIL_NOT_VERIFIED' } });

    // The rightful account with a verified email links it, and from then on it alone is that user.
    expect((await principal(server, { login: 'quick' })).body).toMatchObject({
      email: 'quick@parkhere.example',
    });
    const late = await principal(server, { login: 'squatter', email: 'quick@parkhere.example' });
    expect(late).toEqual({ status: 403, body: { code: 'IDENTITY_CONFLICT' } });
  });

  it('creates a new allowed-domain user once for a verified email, bound to its account', async () => {
    const first = await principal(server, { login: 'fresh', email: 'fresh@parkhere.example' });
    expect(first.status).toBe(200);
    const again = await principal(server, { login: 'fresh', email: 'Fresh@ParkHere.example' });
    expect(again.body).toMatchObject({ email: 'fresh@parkhere.example' });
    expect(await usersWithEmail(server, 'fresh@parkhere.example')).toHaveLength(1);
  });

  it('takes unverified emails when OIDC_TRUST_UNVERIFIED_EMAIL=true, still binding the account', async () => {
    const { server: trusting } = await createWorld({ env: { OIDC_TRUST_UNVERIFIED_EMAIL: 'true' } });
    try {
      const created = await principal(trusting, {
        login: 'entra',
        email: 'entra@parkhere.example',
        emailVerified: false,
      });
      expect(created.status).toBe(200);
      const other = await principal(trusting, {
        login: 'someone-else',
        email: 'entra@parkhere.example',
        emailVerified: false,
      });
      expect(other).toEqual({ status: 403, body: { code: 'IDENTITY_CONFLICT' } });
    } finally {
      await trusting.close();
    }
  });
});

describe('a genuine token with control characters in its claims (issue 25, N9)', () => {
  it('is refused with 401, whichever claim carries them, and provisions nobody', async () => {
    const cases: Record<string, MintOptions> = {
      nulInSubject: { login: 'ctl1', subject: 'ctl1\u0000admin' },
      newlineInSubject: { login: 'ctl2', subject: 'ctl2\nadmin' },
      nulInEmail: { login: 'ctl3', email: 'ctl3\u0000@parkhere.example' },
      escapeInName: { login: 'ctl4', name: 'Eve \u001b[31mAdmin' },
      bellInUsername: { login: 'ctl5', email: null, preferredUsername: 'ctl5\u0007@parkhere.example' },
      deleteInSubject: { login: 'ctl6', subject: 'ctl6\u007f' },
    };
    for (const [name, options] of Object.entries(cases)) {
      const answer = await principal(server, options);
      expect({ name, ...answer }).toEqual({ name, status: 401, body: { code: 'AUTHENTICATION_REQUIRED' } });
    }
    expect(await usersWithEmail(server, 'ctl%')).toEqual([]);
    // The same claims without them sign in.
    expect((await principal(server, { login: 'ctl4', name: 'Eve Admin' })).status).toBe(200);
  });
});
