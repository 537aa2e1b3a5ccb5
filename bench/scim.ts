/*
 * `npm run bench:scim`: a company directory's full sync (issue 27, item 2) on PostgreSQL (a throwaway cluster
 * unless DATABASE_URL is given), the server in a process of its own: POST 5,000 users, then a `userName eq`
 * filtered GET of each, then PATCH 500 of them to inactive (each the whole leaving), BENCH_CLIENTS (8) requests
 * at a time as Entra ID's provisioning does. Prints each phase and the total against the target (60 s) and
 * writes them to .tmp/bench-scim.json. Not a test.
 */
import { startTempPostgres } from '../scripts/pg-temp.mjs';
import { writeFigures } from './postgres-bench.ts';
import { benchServerEnv, startServerProcess } from './server-process.ts';

const USERS = 5000;
const LEAVERS = 500;
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const TARGET_SECONDS = 60;
const TOKEN = 'bench-scim-token-0123456789abcdefghijklmnop';

const temp = process.env.DATABASE_URL === undefined ? await startTempPostgres() : null;
const databaseUrl = process.env.DATABASE_URL ?? temp?.url;
const server = await startServerProcess('bench-scim', databaseUrl, {
  ...benchServerEnv('bench-scim', databaseUrl),
  SCIM_TOKEN: TOKEN,
});

const call = async (method: string, path: string, body?: unknown, expected = 200) => {
  const response = await fetch(`${server.base}/scim/v2${path}`, {
    method,
    headers: {
      authorization: `Bearer ${TOKEN}`,
      ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (response.status !== expected) {
    throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  }
  return JSON.parse(text) as { id: string; Resources?: { id: string }[] };
};

/** `work` for every index, CLIENTS at a time; the seconds it took. */
const timed = async (count: number, work: (index: number) => Promise<void>) => {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < count) {
        const index = next;
        next += 1;
        await work(index);
      }
    }),
  );
  return (performance.now() - started) / 1000;
};

const emailOf = (index: number) => `person${index}@bench.example`;
const ids: string[] = [];
try {
  const post = await timed(USERS, async (index) => {
    const created = await call(
      'POST',
      '/Users',
      {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        userName: emailOf(index),
        displayName: `Person ${index}`,
        externalId: `bench-${index}`,
        active: true,
      },
      201,
    );
    ids[index] = created.id;
  });
  const get = await timed(USERS, async (index) => {
    const found = await call('GET', `/Users?filter=${encodeURIComponent(`userName eq "${emailOf(index)}"`)}`);
    if (found.Resources?.[0]?.id !== ids[index]) {
      throw new Error(`${emailOf(index)} was not found`);
    }
  });
  const patch = await timed(LEAVERS, async (index) => {
    await call('PATCH', `/Users/${ids[index]}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    });
  });
  const total = post + get + patch;
  const figures = {
    users: USERS,
    leavers: LEAVERS,
    clients: CLIENTS,
    post,
    get,
    patch,
    total,
    target: TARGET_SECONDS,
  };
  process.stdout.write(
    `SCIM full sync on PostgreSQL, ${CLIENTS} clients: POST ${USERS} ${post.toFixed(1)} s, filtered GET ${USERS} ${get.toFixed(1)} s, PATCH ${LEAVERS} inactive ${patch.toFixed(1)} s; total ${total.toFixed(1)} s (target ≤ ${TARGET_SECONDS} s: ${total <= TARGET_SECONDS ? 'met' : 'MISSED'})\n`,
  );
  writeFigures('bench-scim', figures);
} finally {
  await server.stop();
  await temp?.stop();
}
