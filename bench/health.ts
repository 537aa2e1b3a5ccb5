/*
 * `npm run bench:health`: does one user's heaviest request still leave the server responsive (issue
 * [Hardening] 2)? Not a test.
 *
 * For PGlite and PostgreSQL (a throwaway cluster unless DATABASE_URL is given; BENCH_ENGINES=pglite or
 * postgres runs one), the server runs in a process of its own, as deployed, on a world built for the heaviest
 * answers the limits still allow (ANSWER_LIMITS, sized per mask by the contract): as many slots as one unpaged
 * answer may hold, garages whose mail templates are as long as the model allows in three-byte characters, and
 * garages with a full nested list of users each. BENCH_CLIENTS (8) clients send those requests back to back for
 * BENCH_SECONDS (20) while one more client asks `/api/health` every 50 ms; prints the health p50/p95/p99 against
 * the target (p99 ≤ 100 ms) and writes them to .tmp/bench-health.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ANSWER_LIMITS,
  API_BASE,
  maxItemsPerAnswer,
  parseMask,
  TEMPLATE_MAX_LENGTH,
  type TransferName,
} from '@parkhere/contract';
import { type Kysely, sql } from 'kysely';
import { Pool } from 'undici';
import { openDatabase } from '../packages/server/src/platform/db/database.ts';
import type { DB } from '../packages/server/src/platform/db/schema.ts';
import { mintToken } from '../packages/server/test/tokens.ts';
import { startTempPostgres } from '../scripts/pg-temp.mjs';
import { percentile, poster } from './api.ts';
import { benchServerEnv, type ServerProcess, startServerProcess } from './server-process.ts';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const HEALTH_EVERY_MS = 50;
const TARGET_P99_MS = 100;

const SLOT_MASK = '{name,floor,nextToWall,isActive,isExclusive,aggregaredName,floorPlan}';
const TEMPLATE_MASK = '{name,isActive,emailTemplateOfTheGarage}';
const CROWD_MASK =
  '{name,accessedUsers{email,name,isActive,isAdministrator,isNormalReservation,startOfWorkingTime,endOfWorkingTime,maxNormalReservation}}';

/** The largest page the answer limits allow the mask. */
const pageOf = (type: TransferName, text: string): number => {
  const parsed = parseMask(text, type);
  if (!parsed.ok) {
    throw new Error(`${text}: ${JSON.stringify(parsed.errors)}`);
  }
  return maxItemsPerAnswer(type, parsed.value);
};

const SLOTS = pageOf('ParkingSlotSettings', SLOT_MASK);
const TEMPLATE_PAGE = pageOf('ParkingGarageSettings', TEMPLATE_MASK);
const CROWDED_GARAGES = pageOf('ParkingGarageSettings', CROWD_MASK);
const USERS = ANSWER_LIMITS.maxNestedItems;
// Three-byte characters at the template's full length: the largest text the byte limit was sized for.
const TEMPLATE = '€'.repeat(TEMPLATE_MAX_LENGTH);

const log = (line: string) => process.stderr.write(`${line}\n`);

async function seed(db: Kysely<DB>): Promise<void> {
  await sql`INSERT INTO users (email, name, is_administrator) VALUES ('admin@parkhere.example', 'Bench Admin', true)`.execute(
    db,
  );
  await sql`INSERT INTO users (email, name, is_normal_reservation)
    SELECT 'bench' || i || '@parkhere.example', 'Bench User ' || lpad(i::text, 4, '0'), true
    FROM generate_series(1, ${USERS}::int) AS i`.execute(db);
  // Garages with templates sort first by name, the crowded ones (`Z-…`) last.
  await sql`INSERT INTO parking_garages (name, email_template_of_the_garage)
    SELECT 'G-' || lpad(g::text, 3, '0'), ${TEMPLATE} FROM generate_series(1, ${TEMPLATE_PAGE + 5}::int) AS g`.execute(
    db,
  );
  await sql`INSERT INTO parking_garages (name)
    SELECT 'Z-' || lpad(g::text, 3, '0') FROM generate_series(1, ${CROWDED_GARAGES}::int) AS g`.execute(db);
  await sql`INSERT INTO parking_slots (parking_garage_id, name, floor)
    SELECT g.id, 'S-' || lpad(n::text, 5, '0'), n % 5
    FROM (SELECT id FROM parking_garages WHERE name = 'Z-001') g CROSS JOIN generate_series(1, ${SLOTS}::int) n`.execute(
    db,
  );
  await sql`INSERT INTO user_accessed_garages (user_id, parking_garage_id)
    SELECT u.id, g.id FROM users u CROSS JOIN parking_garages g
    WHERE u.email LIKE 'bench%' AND g.name LIKE 'Z-%'`.execute(db);
}

/** The heaviest answers the limits allow, one of each kind. */
const HEAVY: { name: string; path: string; body: unknown }[] = [
  {
    name: `${SLOTS} slots, every attribute, no page size`,
    path: '/services/Actor/parkingSlots/~list',
    body: { _mask: SLOT_MASK },
  },
  {
    name: `${TEMPLATE_PAGE} garages with their mail templates`,
    path: '/services/Actor/parkingGarages/~list',
    body: {
      _mask: TEMPLATE_MASK,
      _seek: { limit: TEMPLATE_PAGE },
    },
  },
  {
    name: `${CROWDED_GARAGES} garages × ${USERS} users each`,
    path: '/services/Actor/parkingGarages/~list',
    body: {
      _mask: CROWD_MASK,
      _orderBy: [{ attribute: 'name', descending: true }],
      _seek: { limit: CROWDED_GARAGES },
    },
  },
];

type Run = {
  engine: string;
  health: { samples: number; p50: number; p95: number; p99: number; max: number };
  heavy: { name: string; calls: number; p50: number; refused: number }[];
};

async function load(server: ServerProcess, token: string): Promise<Run['health'] & { heavy: Run['heavy'] }> {
  const heavyPost = poster(`${server.base}${API_BASE}`, token, CLIENTS);
  for (const request of HEAVY) {
    const answer = await heavyPost(request.path, request.body);
    const size = JSON.stringify(answer.body).length;
    log(`  ${request.name}: HTTP ${answer.status}, ${(size / 2 ** 20).toFixed(2)} MiB`);
    if (answer.status !== 200) {
      throw new Error(
        `the heaviest allowed request was refused: ${JSON.stringify(answer.body).slice(0, 300)}`,
      );
    }
  }
  const health = new Pool(server.base, { connections: 1 });
  const deadline = Date.now() + SECONDS * 1000;
  const timings = HEAVY.map((request) => ({ name: request.name, samples: [] as number[], refused: 0 }));
  const client = async (index: number) => {
    for (let call = index; Date.now() < deadline; call += 1) {
      const kind = call % HEAVY.length;
      const request = HEAVY[kind];
      const timing = timings[kind];
      if (request === undefined || timing === undefined) {
        continue;
      }
      const started = performance.now();
      const answer = await heavyPost(request.path, request.body);
      timing.samples.push(performance.now() - started);
      if (answer.status !== 200) {
        timing.refused += 1;
      }
    }
  };
  const healthSamples: number[] = [];
  const prober = async () => {
    while (Date.now() < deadline) {
      const started = performance.now();
      const response = await health.request({ method: 'GET', path: '/api/health' });
      await response.body.text();
      healthSamples.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
    }
  };
  await Promise.all([prober(), ...Array.from({ length: CLIENTS }, (_, index) => client(index))]);
  await health.close();
  const sorted = [...healthSamples].sort((a, b) => a - b);
  return {
    samples: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    heavy: timings.map((timing) => ({
      name: timing.name,
      calls: timing.samples.length,
      p50: percentile(
        [...timing.samples].sort((a, b) => a - b),
        50,
      ),
      refused: timing.refused,
    })),
  };
}

async function benchOne(engine: 'pglite' | 'postgres', databaseUrl: string | undefined): Promise<Run> {
  const name = `bench-health/${engine}`;
  const env = benchServerEnv(name, databaseUrl);
  // The first start migrates; PGlite is seeded between two starts, as only one process may open it.
  let server = await startServerProcess(name, databaseUrl, env);
  if (engine === 'pglite') {
    await server.stop();
  }
  const database = await openDatabase({ databaseUrl, dataDir: env.DATA_DIR as string });
  log(`${engine}: seeding…`);
  await seed(database.db);
  // The provider's keys are in the database its first start wrote.
  const token = await mintToken({ config: server.config, app: { database } }, { login: 'admin' });
  await database.close();
  if (engine === 'pglite') {
    server = await startServerProcess(name, databaseUrl, env);
  }
  try {
    log(
      `${engine}: ${CLIENTS} clients × heaviest allowed requests for ${SECONDS} s, /api/health every ${HEALTH_EVERY_MS} ms`,
    );
    const { heavy, ...health } = await load(server, token);
    return { engine, health, heavy };
  } finally {
    await server.stop();
  }
}

function report(runs: Run[]): void {
  const lines = [
    `/api/health under ${CLIENTS} clients sending the heaviest allowed requests (${os.cpus().length} cores)`,
  ];
  for (const run of runs) {
    const { health } = run;
    const verdict = health.p99 <= TARGET_P99_MS ? 'met' : 'MISSED';
    lines.push(
      `${run.engine.padEnd(9)} health p50 ${health.p50.toFixed(1)} ms, p95 ${health.p95.toFixed(1)} ms, p99 ${health.p99.toFixed(1)} ms (target ≤ ${TARGET_P99_MS} ms: ${verdict}), max ${health.max.toFixed(1)} ms, ${health.samples} probes`,
    );
    for (const heavy of run.heavy) {
      lines.push(
        `          ${heavy.name}: ${heavy.calls} calls, p50 ${heavy.p50.toFixed(0)} ms, ${heavy.refused} refused`,
      );
    }
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  mkdirSync(path.join(root, '.tmp'), { recursive: true });
  writeFileSync(path.join(root, '.tmp/bench-health.json'), `${JSON.stringify(runs, null, 2)}\n`);
}

async function main(): Promise<void> {
  const engines = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
  const runs: Run[] = [];
  if (engines.includes('pglite')) {
    runs.push(await benchOne('pglite', undefined));
  }
  if (engines.includes('postgres')) {
    const temp = process.env.DATABASE_URL ? undefined : await startTempPostgres();
    try {
      runs.push(await benchOne('postgres', process.env.DATABASE_URL ?? temp?.url));
    } finally {
      temp?.stop();
    }
  }
  report(runs);
}

await main();
