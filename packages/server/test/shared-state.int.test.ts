import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { JWK } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomSecret, sharedSecret } from '../src/platform/shared-secrets.ts';
import { type Balancer, startBalancer } from './balancer.ts';
import { readMails } from './jobs/inspect.ts';
import { signInWithCode } from './oidc-flow.ts';
import { bearer } from './tokens.ts';
import { createStorage, startServer, type TestServer, type WorldStorage, workingDayAfter } from './world.ts';

/*
 * Issue 11 item 8, README "PostgreSQL": several instances on one PostgreSQL behind one address. Two servers,
 * each with a DATA_DIR of its own (empty, as a new container's would be), on one database, answer as one:
 * whatever one instance stored, signed or issued, the other serves and accepts, and a mail is sent once.
 * PostgreSQL only: PGlite serves one process.
 */

type Entity = Record<string, unknown> & { __signedIdentifier: string; __identifier: string };

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 3),
]);

let world: WorldStorage;
const dataDirs: string[] = [];
let first: TestServer;
let second: TestServer;
/** Where each instance listens; both have the first one's PUBLIC_URL, as behind a load balancer. */
let firstUrl: string;
let secondUrl: string;
let adminToken: string;

/** The load balancer in front of both: round robin, or every request to one that `pin` names. */
let balancer: Balancer | undefined;
let balancerUrl: string;

const ownDataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'parkhere-instance-'));
  dataDirs.push(dir);
  return dir;
};

const api = async (base: string, route: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}/api${route}`, {
    method: 'POST',
    headers: { ...bearer(adminToken), 'content-type': 'application/json', ...headers },
    body: body === undefined ? '' : JSON.stringify(body),
  });

const json = async <T>(base: string, route: string, body?: unknown, headers: Record<string, string> = {}) => {
  const response = await api(base, route, body, headers);
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return JSON.parse(text) as T;
};

/** An upload token asked of one instance, the file posted to another: the file's token. */
const uploadAcross = async (tokenFrom: string, uploadTo: string, route: string, signed?: string) => {
  const { token } = await json<{ token: string }>(
    tokenFrom,
    route,
    undefined,
    signed === undefined ? {} : { 'X-Judo-SignedIdentifier': signed },
  );
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'plan.png');
  const uploaded = await fetch(`${uploadTo}/ParkHere/upload`, {
    method: 'POST',
    headers: { 'X-Token': token, ...bearer(adminToken) },
    body: form,
  });
  expect(uploaded.status, await uploaded.clone().text()).toBe(200);
  const { files } = (await uploaded.json()) as { files: { token: string }[] };
  return String(files[0]?.token);
};

const download = (base: string, token: string) =>
  fetch(`${base}/ParkHere/download?disposition=inline`, {
    headers: { 'X-Token': token, ...bearer(adminToken) },
  });

describe.skipIf(!process.env.DATABASE_URL)('several instances on one PostgreSQL', () => {
  beforeAll(async () => {
    world = await createStorage();
    balancer = await startBalancer();
    balancerUrl = balancer.url;
    const jobs = { pollIntervalMs: 50 };
    const env = { PUBLIC_URL: balancerUrl };
    first = await startServer({ ...world, dataDir: ownDataDir() }, { jobs, env });
    firstUrl = `http://127.0.0.1:${first.config.port}`;
    second = await startServer({ ...world, dataDir: ownDataDir() }, { jobs, env });
    secondUrl = `http://127.0.0.1:${second.config.port}`;
    balancer.add(firstUrl);
    balancer.add(secondUrl);
    // A real sign-in, every step at the first instance's embedded provider.
    balancer.pin(firstUrl);
    adminToken = (await signInWithCode(balancerUrl, 'admin')).tokens.access_token;
    balancer.pin(undefined);
  });

  afterAll(async () => {
    await balancer?.close();
    await second?.stop();
    await first?.stop();
    await world?.dispose();
    for (const dir of dataDirs) {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('generates a shared secret once, however many instances ask for it at the same moment', async () => {
    const db = first.app.database.db;
    const asked = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        sharedSecret(index % 2 === 0 ? db : second.app.database.db, 'race-test', randomSecret),
      ),
    );
    expect(new Set(asked).size).toBe(1);
    const rows = await db
      .selectFrom('sharedSecrets')
      .select('value')
      .where('name', '=', 'race-test')
      .execute();
    expect(rows.map((row) => row.value)).toEqual([asked[0]]);
  });

  it('adopts the signing secret and provider keys a server before 0007 kept in its DATA_DIR', async () => {
    const upgraded = await createStorage();
    const dataDir = ownDataDir();
    const secret = randomSecret();
    writeFileSync(path.join(dataDir, 'signing-secret'), `${secret}\n`);
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const key = {
      ...(privateKey.export({ format: 'jwk' }) as JWK),
      kid: 'before-0007',
      alg: 'RS256',
      use: 'sig',
    };
    writeFileSync(
      path.join(dataDir, 'idp-keys.json'),
      JSON.stringify({ jwks: { keys: [key] }, cookieKeys: [randomSecret()] }),
    );
    const server = await startServer({ ...upgraded, dataDir });
    try {
      expect(server.app.config.signingSecret).toBe(secret);
      const published = (await (await fetch(`${server.url}/idp/jwks`)).json()) as { keys: JWK[] };
      expect(published.keys.map((jwk) => [jwk.kid, jwk.n])).toEqual([['before-0007', key.n]]);
    } finally {
      await server.stop();
      await upgraded.dispose();
    }
  });

  it('signs a user in through the load balancer, each step of the sign-in at another instance', async () => {
    const { tokens } = await signInWithCode(balancerUrl, 'user');
    for (const base of [firstUrl, secondUrl]) {
      const principal = await fetch(`${base}/api/services/Actor/~principal`, {
        headers: bearer(tokens.access_token),
      });
      expect(principal.status).toBe(200);
      expect(await principal.json()).toMatchObject({ email: 'user@parkhere.example' });
    }
  });

  it('accepts at one instance an access token the other’s provider issued, and both publish one key set', async () => {
    const principal = await fetch(`${secondUrl}/api/services/Actor/~principal`, {
      headers: bearer(adminToken),
    });
    expect(principal.status).toBe(200);
    expect(await principal.json()).toMatchObject({ email: 'admin@parkhere.example', isAdministrator: true });
    const keysOf = async (base: string) => (await fetch(`${base}/idp/jwks`)).json();
    expect(await keysOf(secondUrl)).toEqual(await keysOf(firstUrl));
  });

  it('accepts at one instance the signed identifiers the other signed', async () => {
    const [slot] = await json<Entity[]>(firstUrl, '/services/Actor/parkingSlots/~list', {
      _seek: { limit: 1 },
    });
    const read = await json<Entity>(secondUrl, '/services/ParkingSlotSettings/~get', undefined, {
      'X-Judo-SignedIdentifier': String(slot?.__signedIdentifier),
    });
    expect(read.name).toBe(slot?.name);
    expect(read.__signedIdentifier).toBe(slot?.__signedIdentifier);
  });

  it('serves through either instance a file uploaded through the other', async () => {
    const token = await uploadAcross(
      firstUrl,
      secondUrl,
      '/services/ConfigurationSettings/holidayImage/~upload-token',
    );
    for (const base of [firstUrl, secondUrl]) {
      const served = await download(base, token);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    }
  });

  it('sends each mail once, with a floor plan uploaded through either instance', async () => {
    const [slot] = await json<Entity[]>(firstUrl, '/services/Actor/parkingSlots/~list', {
      _mask: '{name}',
      name: [{ operator: 'equal', value: 'A-120' }],
    });
    const plan = await uploadAcross(
      firstUrl,
      secondUrl,
      '/services/ParkingSlotSettings/floorPlan/~upload-token',
      String(slot?.__signedIdentifier),
    );
    await json(
      firstUrl,
      '/services/ParkingSlotSettings/~update',
      { floorPlan: plan },
      {
        'X-Judo-SignedIdentifier': String(slot?.__signedIdentifier),
        'X-Judo-Mask': '{floorPlan}',
      },
    );
    const [self] = await json<Entity[]>(firstUrl, '/services/Actor/usersForInput/~list', {
      email: [{ operator: 'equal', value: 'admin@parkhere.example' }],
    });
    const [car] = await json<Entity[]>(firstUrl, '/services/ReservationInput/car/~range', {
      owner: { user: self },
      queryCustomizer: {},
    });
    const [free] = await json<Entity[]>(firstUrl, '/services/ReservationInput/parkingSlot/~range', {
      owner: { user: self },
      queryCustomizer: { aggregaredName: [{ operator: 'like', value: 'A-120 %' }] },
    });
    const day = await workingDayAfter(first, 2);
    const hours = ['08', '09', '10', '11', '12', '13'];
    const created: string[] = [];
    for (const [index, hour] of hours.slice(0, -1).entries()) {
      // Alternate instances, as a load balancer would.
      const [reservation] = await json<Entity[]>(
        index % 2 === 0 ? firstUrl : secondUrl,
        '/services/ReservationsPanel/reservation',
        {
          reservationType: 'NORMAL',
          date: day,
          startTime: `${hour}:00:00`,
          endTime: `${hours[index + 1]}:00:00`,
          user: self,
          car,
          parkingSlot: free,
        },
      );
      created.push(String(reservation?.__identifier));
    }

    const db = first.app.database.db;
    const unsent = async () =>
      (
        await sql<{ count: string }>`SELECT count(*) AS count FROM jobs
          WHERE kind = 'mail.confirmation' AND state <> 'done'`.execute(db)
      ).rows[0]?.count;
    for (let wait = 0; wait < 200 && (await unsent()) !== '0'; wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await unsent()).toBe('0');

    const mails = [...(await readMails(dataDirs[0] ?? '')), ...(await readMails(dataDirs[1] ?? ''))].filter(
      (mail) =>
        mail.headers.some((header) => header.key === 'x-parkhere-mail' && header.value === 'confirmation'),
    );
    expect(mails).toHaveLength(created.length);
    for (const mail of mails) {
      // The floor plan, beside the reservation's calendar event.
      const attachment = mail.attachments.find((attached) => attached.filename === 'plan.png');
      expect(attachment?.filename).toBe('plan.png');
      expect(Buffer.from(attachment?.content as ArrayBuffer)).toEqual(PNG);
    }
  });
});
