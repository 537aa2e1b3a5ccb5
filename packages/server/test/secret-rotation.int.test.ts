import { execFile } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { decodeProtectedHeader, type JWK } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config.ts';
import { RotationRefused, rotateSecrets, UsageError } from '../src/secret-rotation.ts';
import { refresh, signInWithCode, type Tokens } from './oidc-flow.ts';
import { bearer } from './tokens.ts';
import { createStorage, freePort, startServer, type TestServer, worldEnv } from './world.ts';

/*
 * Issue 25, item 8: README, Security, "Rotating the secrets". An operator rotates the signing secret and the
 * embedded provider's keys with `npm run rotate-secrets` while the server is stopped, then starts it again: the
 * old secret's signatures are refused, the new one's accepted; tokens of the replaced provider key verify during
 * the grace. Both engines: each test restarts a real server on the same storage (and port, so the issuer stays).
 */

type Entity = Record<string, unknown> & { __signedIdentifier: string };

const world = await createStorage();
const port = await freePort();
let server: TestServer = await startServer(world, { port });
afterAll(async () => {
  await server.stop();
  await world.dispose();
});

const env = worldEnv(world, port);
// Each test stops and starts the server (and the first runs the command in a process of its own).
const RESTARTS = { timeout: 180_000 };
const restart = async () => {
  server = await startServer(world, { port });
};
/** The rotation as the operator runs it, in this process, on the stopped server's storage. */
const rotate = async (...args: string[]) => {
  await server.stop();
  const done = await rotateSecrets(loadConfig(env), args);
  await restart();
  return done;
};

const api = (token: string, route: string, body: unknown = {}, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/api${route}`, {
    method: 'POST',
    headers: { ...bearer(token), 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
const principal = (token: string) =>
  fetch(`${server.url}/api/services/Actor/~principal`, { headers: bearer(token) });
const firstSlot = async (token: string): Promise<Entity> => {
  const [slot] = (await (
    await api(token, '/services/Actor/parkingSlots/~list', { _seek: { limit: 1 } })
  ).json()) as Entity[];
  return slot as Entity;
};
const readSlot = (token: string, slot: Entity) =>
  api(token, '/services/ParkingSlotSettings/~get', undefined, {
    'X-Judo-SignedIdentifier': slot.__signedIdentifier,
  });
const feedUrl = async (token: string): Promise<string> =>
  ((await (await api(token, '/calendar-feed')).json()) as { url: string }).url;
const kidOf = (tokens: Tokens) => decodeProtectedHeader(tokens.access_token).kid;
const publishedKids = async () =>
  ((await (await fetch(`${server.url}/idp/jwks`)).json()) as { keys: JWK[] }).keys.map((key) => key.kid);

describe('rotating the signing secret (npm run rotate-secrets -- --signing-secret)', () => {
  it(
    'refuses what the old secret signed and accepts what the new one signs; a leftover legacy file never brings it back',
    RESTARTS,
    async () => {
      const admin = (await signInWithCode(server.url, 'admin')).tokens.access_token;
      const slot = await firstSlot(admin);
      expect((await readSlot(admin, slot)).status).toBe(200);
      const oldFeed = await feedUrl(admin);
      expect((await fetch(oldFeed)).status).toBe(200);
      const oldSecret = server.app.config.signingSecret;

      await server.stop();
      // A DATA_DIR from before 0007 still holding the old secret (or one restored from an old backup).
      const legacy = path.join(world.dataDir, 'signing-secret');
      writeFileSync(legacy, `${oldSecret}\n`);
      // The command itself, as an operator runs it.
      const root = fileURLToPath(new URL('../../..', import.meta.url));
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'packages/server/src/rotate-secrets.ts', '--signing-secret'],
        { cwd: root, env: { ...process.env, ...env } },
      );
      expect(stdout).toContain('New signing secret.');
      await restart();

      expect(server.app.config.signingSecret).not.toBe(oldSecret);
      expect(existsSync(legacy)).toBe(false);
      // A page open before the rotation: its identifiers are refused; read again, they work.
      const stale = await readSlot(admin, slot);
      expect(stale.status).toBe(400);
      const fresh = await firstSlot(admin);
      expect(fresh.__signedIdentifier).not.toBe(slot.__signedIdentifier);
      expect((await readSlot(admin, fresh)).status).toBe(200);
      // The subscribed calendar address is gone; the settings show a new one, which serves.
      expect((await fetch(oldFeed)).status).toBe(404);
      const newFeed = await feedUrl(admin);
      expect(newFeed).not.toBe(oldFeed);
      expect((await fetch(newFeed)).status).toBe(200);

      // Started again with the legacy file back: the rotated secret stays.
      const rotated = server.app.config.signingSecret;
      await server.stop();
      writeFileSync(legacy, `${oldSecret}\n`);
      await restart();
      expect(server.app.config.signingSecret).toBe(rotated);
      expect(existsSync(legacy)).toBe(false);
    },
  );
});

describe('rotating the provider keys (--provider-keys)', () => {
  it(
    'keeps tokens of the replaced key good during the grace, signs new ones with the new key; --grace 0 drops it',
    RESTARTS,
    async () => {
      const before = (await signInWithCode(server.url, 'user')).tokens;
      const [oldKid] = await publishedKids();
      expect(kidOf(before)).toBe(oldKid);

      expect(await rotate('--provider-keys')).toContain(
        'New provider keys; the old ones still verify for 3600 s.',
      );
      const [newKid, ...previous] = await publishedKids();
      expect(previous).toEqual([oldKid]);
      expect(newKid).not.toBe(oldKid);
      expect((await principal(before.access_token)).status).toBe(200);
      const after = (await signInWithCode(server.url, 'user')).tokens;
      expect(kidOf(after)).toBe(newKid);
      expect((await principal(after.access_token)).status).toBe(200);
      // Nobody is signed out: the renewal of a sign-in from before gets a token of the new key.
      const renewed = await refresh(server.url, String(before.refresh_token));
      expect(renewed.status).toBe(200);
      const renewedTokens = (await renewed.json()) as Tokens;
      expect(kidOf(renewedTokens)).toBe(newKid);

      // After a leak: the replaced keys go at once, and what they signed with them.
      expect(await rotate('--provider-keys', '--grace', '0')).toContain(
        'New provider keys; the old ones are dropped.',
      );
      const [latest, ...rest] = await publishedKids();
      expect(rest).toEqual([]);
      expect(latest).not.toBe(newKid);
      for (const token of [before.access_token, after.access_token, renewedTokens.access_token]) {
        const refused = await principal(token);
        expect(refused.status).toBe(401);
      }
      const again = (await signInWithCode(server.url, 'user')).tokens;
      expect(kidOf(again)).toBe(latest);
      expect((await principal(again.access_token)).status).toBe(200);
    },
  );

  it(
    'ends every sign-in with --sign-out-everyone: a refresh token from before is refused',
    RESTARTS,
    async () => {
      const { tokens } = await signInWithCode(server.url, 'user');
      const done = await rotate('--sign-out-everyone');
      expect(done[0]).toMatch(/^Ended every sign-in \(\d+ provider records\)\.$/);
      expect((await refresh(server.url, String(tokens.refresh_token))).status).toBe(400);
      expect((await signInWithCode(server.url, 'user')).tokens.access_token).toEqual(expect.any(String));
    },
  );
});

describe('a rotation it cannot do', () => {
  it('is refused with a reason and changes nothing', RESTARTS, async () => {
    const rotated = server.app.config.signingSecret;
    const refusal = (args: string[], extra: Record<string, string> = {}) =>
      rotateSecrets(loadConfig({ ...env, ...extra }), args);
    await expect(refusal([])).rejects.toThrow(UsageError);
    await expect(refusal(['--grace', '10'])).rejects.toThrow(UsageError);
    await expect(refusal(['--provider-keys', '--grace', 'soon'])).rejects.toThrow(UsageError);
    await expect(refusal(['--signing-secret'], { SIGNING_SECRET: 'x'.repeat(32) })).rejects.toThrow(
      RotationRefused,
    );
    await expect(
      refusal(['--provider-keys'], { OIDC_ISSUER: 'https://login.example.com/realms/acme' }),
    ).rejects.toThrow(RotationRefused);
    if (world.databaseUrl === undefined) {
      // PGlite serves one process: not while the server runs.
      await expect(refusal(['--signing-secret'])).rejects.toThrow(/in use|another/i);
    }
    await server.stop();
    await restart();
    expect(server.app.config.signingSecret).toBe(rotated);
  });
});
