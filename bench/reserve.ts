/*
 * `npm run bench:reserve`: reservation creations over HTTP next to the same INSERT issued directly (issue
 * [Reservations], benchmark). Not a test.
 *
 * For PGlite and for PostgreSQL (a throwaway cluster unless DATABASE_URL is given): runs the server (PGlite:
 * in-process, as the embedded engine is; PostgreSQL: in a process of its own, as deployed), seeds (PostgreSQL: bench/api.ts's 2,500 users, 5,000 slots, 1,000,000 reservations, 200 groups, 2,000 assigned slots; PGlite: the
 * same users, garages, slots, groups and assigned slots without the reservations), then 64 concurrent clients
 * create NORMAL reservations through `ReservationsPanel/reservation` (administrator, each client its own user
 * and a slot assigned to nobody else, a new day per call), and 64 concurrent callers run the insert those calls end in directly on the same
 * database. Prints creations per second, p50/p99 and API ÷ direct, and (PostgreSQL) the p95 of the free-slot
 * range for one day. Figures also go to .tmp/bench-reserve.json.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_BASE, type TransferName, transferTypes } from '@parkhere/contract';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/platform/config.ts';
import { type Database, openDatabase } from '../packages/server/src/platform/db/database.ts';
import {
  createSignedIdentifiers,
  resolveSigningSecret,
} from '../packages/server/src/platform/http/signed-identifier.ts';
import { mintToken } from '../packages/server/test/tokens.ts';
import { startTempPostgres } from '../scripts/pg-temp.mjs';
import { ASSIGNED_SLOT_SEED, GROUP_SEED, percentile, poster, seed, USERS } from './api.ts';
import { benchServerEnv, startServerProcess } from './server-process.ts';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLIENTS = 64;
const PER_CLIENT = Number(process.env.BENCH_PER_CLIENT ?? 20);
const RANGE_SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
/** Untimed calls per client first, as bench/api.ts warms up: the first calls compile the server's code paths. */
const WARM_UP_PER_CLIENT = 5;
const log = (line: string) => process.stderr.write(`${line}\n`);

/**
 * CPU milliseconds per call of the server process, the PostgreSQL processes and this load generator; server and
 * database are null when they run in this process (PGlite).
 */
type CpuSplit = { server: number | null; database: number | null; client: number };
type Figures = { rate: number; p50: number; p99: number; failures: number; cpu?: CpuSplit };

/**
 * CPU time used so far, in ms, by the server process, by every PostgreSQL process of the machine and by this
 * process (Linux /proc; the machine should be otherwise quiet). Tells where a creation's time goes.
 */
function cpuNow(serverPid: number | undefined): { server: number; database: number; client: number } {
  const ticks = (pid: string) => {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  };
  let database = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith('postgres')) {
        database += ticks(pid);
      }
    } catch {
      // A process that ended while the list was read.
    }
  }
  const usage = process.cpuUsage();
  return {
    server: serverPid === undefined ? 0 : ticks(String(serverPid)) * MS_PER_TICK,
    database: database * MS_PER_TICK,
    client: (usage.user + usage.system) / 1000,
  };
}
/** USER_HZ, 100 on Linux. */
const MS_PER_TICK = 10;

/** `load` with the CPU each process spent per call. */
async function loadWithCpu(
  serverPid: number | undefined,
  call: (client: number, index: number) => Promise<boolean>,
): Promise<Figures> {
  const before = cpuNow(serverPid);
  const figures = await load(call);
  const after = cpuNow(serverPid);
  const calls = CLIENTS * PER_CLIENT;
  return {
    ...figures,
    cpu: {
      server: serverPid === undefined ? null : (after.server - before.server) / calls,
      database: serverPid === undefined ? null : (after.database - before.database) / calls,
      client: (after.client - before.client) / calls,
    },
  };
}
const cpuText = (cpu: CpuSplit | undefined): string => {
  if (cpu === undefined) {
    return '';
  }
  if (cpu.server === null || cpu.database === null) {
    return `CPU per call, all in this process (server, PGlite, load generator): ${cpu.client.toFixed(2)} ms`;
  }
  return `CPU per call: server ${cpu.server.toFixed(2)} ms, PostgreSQL ${cpu.database.toFixed(2)} ms, load generator ${cpu.client.toFixed(2)} ms`;
};

type Run = { engine: string; api: Figures; direct: Figures; rangeP95: number | null; rangeFailures: number };

/** Runs `call(client, i)` PER_CLIENT times on each of CLIENTS concurrent clients; latencies and rate. */
async function load(
  call: (client: number, index: number) => Promise<boolean>,
  perClient = PER_CLIENT,
): Promise<Figures> {
  const samples: number[] = [];
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let index = 0; index < perClient; index += 1) {
        const before = performance.now();
        if (!(await call(client, index))) {
          failures += 1;
        }
        samples.push(performance.now() - before);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  samples.sort((left, right) => left - right);
  return {
    rate: samples.length / seconds,
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    failures,
  };
}

/**
 * PGlite: the users, garages, slots, cars, access, groups and assigned slots of bench/api.ts without the million
 * reservations.
 */
async function seedSmall(db: Awaited<ReturnType<typeof buildApp>>['database']['db']): Promise<void> {
  await sql`INSERT INTO users (email, name, is_administrator, is_normal_reservation)
    VALUES ('admin@parkhere.example', 'Bench Admin', true, true)`.execute(db);
  await sql`INSERT INTO users (email, name, is_normal_reservation)
    SELECT 'bench' || i || '@parkhere.example', 'Bench User ' || i, true
    FROM generate_series(1, ${USERS - 1}) AS i`.execute(db);
  await sql`INSERT INTO parking_garages (name) SELECT 'Garage ' || lpad(g::text, 2, '0') FROM generate_series(1, 20) g`.execute(
    db,
  );
  await sql`INSERT INTO parking_slots (parking_garage_id, name, floor)
    SELECT g.id, 'S-' || lpad(n::text, 3, '0'), 0 FROM parking_garages g CROSS JOIN generate_series(1, 250) n ORDER BY n, g.id`.execute(
    db,
  );
  await sql`INSERT INTO cars (user_id, license_plate, is_favorite)
    SELECT id, 'BEN-' || lpad(id::text, 5, '0'), true FROM users`.execute(db);
  await sql`INSERT INTO user_accessed_garages (user_id, parking_garage_id)
    SELECT u.id, g.id FROM users u JOIN parking_garages g ON g.id = (SELECT min(id) FROM parking_garages)
      + (u.id % 20)`.execute(db);
  for (const statement of [...GROUP_SEED, ...ASSIGNED_SLOT_SEED]) {
    await sql.raw(statement).execute(db);
  }
}

type Party = { userId: string; carId: string; slotId: string; plate: string };

/** PGlite is in-process by nature: the app is built here. */
async function inProcessServer(name: string) {
  const config = loadConfig(benchServerEnv(name));
  const app = await buildApp(config);
  await seedSmall(app.database.db);
  await app.listen({ port: config.port, host: '127.0.0.1' });
  return { config, base: config.publicUrl, db: app.database.db, stop: () => app.close() };
}

async function benchOne(engine: 'pglite' | 'postgres', databaseUrl: string | undefined): Promise<Run> {
  const client = databaseUrl === undefined ? undefined : new pg.Client({ connectionString: databaseUrl });
  const pool =
    databaseUrl === undefined ? undefined : new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // PostgreSQL: the server as deployed, in a process of its own; the bench reads and inserts over its own pool.
  const inProcess = databaseUrl === undefined ? await inProcessServer(`bench-reserve/${engine}`) : undefined;
  const server = inProcess ?? (await startServerProcess(`bench-reserve/${engine}`, databaseUrl ?? ''));
  const database =
    databaseUrl === undefined
      ? undefined
      : await openDatabase({ databaseUrl, dataDir: server.config.dataDir });
  try {
    const db = inProcess?.db ?? (database as Database).db;
    if (client !== undefined) {
      await client.connect();
      await seed(client);
      // A kept DATABASE_URL runs again: drop what an earlier run created (its days are far beyond the seed's).
      await client.query(`DELETE FROM reservations WHERE date >= '2030-01-01'`);
      await client.query(`DELETE FROM jobs`);
    }
    // One party per client: its own user, car and a slot of that user's garage that is nobody else's
    // (ASSIGNED_SLOT_SEED): another owner's slot is refused on a day they have not given back.
    const parties = (
      await sql<Party>`SELECT u.id::text AS user_id, c.id::text AS car_id, c.license_plate AS plate,
          (SELECT s.id::text FROM parking_slots s WHERE s.parking_garage_id = ua.parking_garage_id
              AND (s.assigned_to_id IS NULL OR s.assigned_to_id = u.id)
            ORDER BY s.id OFFSET (u.id / 20) % 150 LIMIT 1) AS slot_id
        FROM users u JOIN cars c ON c.user_id = u.id JOIN user_accessed_garages ua ON ua.user_id = u.id
        WHERE NOT u.is_administrator ORDER BY u.id LIMIT ${CLIENTS * 2}`.execute(db)
    ).rows;
    const { config } = server;
    const token = await mintToken({ config, app: { database: { db } } }, { login: 'admin' });
    const post = poster(`${server.base}${API_BASE}`, token, CLIENTS);
    const identifiers = createSignedIdentifiers(
      await resolveSigningSecret(db, config.signingSecret, config.dataDir),
    );
    // Signed as the engine signs: the entity type of the transfer type (`ParkHere::UserForInput`).
    const sign = (id: string, type: TransferName) =>
      identifiers.sign({ id, type: transferTypes[type].entityType, version: 1 });
    const bodies = await Promise.all(
      parties.slice(0, CLIENTS).map(async (party) => ({
        user: { __signedIdentifier: await sign(party.userId, 'UserForInput') },
        car: { __signedIdentifier: await sign(party.carId, 'Car') },
        parkingSlot: { __signedIdentifier: await sign(party.slotId, 'ParkingSlot') },
      })),
    );
    // Far beyond the seeded days, one new day per call: no call meets another.
    const dayOf = (offset: number, index: number) =>
      new Date(Date.UTC(2030, 0, 1) + (offset + index) * 86_400_000).toISOString().slice(0, 10);
    let createFailureLogged = false;
    const create = (offset: number) => async (client: number, index: number) => {
      const response = await post('/services/ReservationsPanel/reservation', {
        reservationType: 'NORMAL',
        date: dayOf(offset, index),
        startTime: '09:00:00',
        endTime: '10:00:00',
        sendNotification: false,
        ...bodies[client],
      });
      if (response.status !== 200 && !createFailureLogged) {
        createFailureLogged = true;
        log(`create answered ${response.status}: ${JSON.stringify(response.body)}`);
      }
      return response.status === 200;
    };
    await load(create(3000), WARM_UP_PER_CLIENT);
    const serverPid = 'pid' in server ? server.pid : undefined;
    const api = await loadWithCpu(serverPid, create(0));
    // The creations queued a confirmation mail each: the server sends them before the next figure is taken,
    // so that figure is not the mail backlog's.
    const drainJobs = async () => {
      for (let waited = 0; client !== undefined && waited < 120; waited += 1) {
        const { rows } = await client.query<{ due: string }>(
          `SELECT count(*) AS due FROM jobs WHERE state = 'pending' AND run_at <= now()`,
        );
        if (Number(rows[0]?.due ?? 0) === 0) {
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    };
    const insert = (party: Party, date: string) =>
      sql`INSERT INTO reservations (owner_id, parking_slot_id, car_id, car_license_plate, date, start_time,
          end_time, during, reservation_type, send_notification, created_by)
        VALUES (${party.userId}, ${party.slotId}, ${party.carId}, ${party.plate}, ${date}::date, '09:00', '10:00',
          wall_clock_range(${date}::date, '09:00', '10:00', 'Europe/Budapest'), 'NORMAL', false, 'bench')`;
    const insertDirectly = (offset: number) => async (client: number, index: number) => {
      const party = parties[client] as Party;
      const statement = insert(party, dayOf(offset, index));
      if (pool === undefined) {
        await statement.execute(db);
      } else {
        const compiled = statement.compile(db);
        await pool.query(compiled.sql, [...compiled.parameters]);
      }
      return true;
    };
    await drainJobs();
    await load(insertDirectly(4000), WARM_UP_PER_CLIENT);
    const direct = await loadWithCpu(serverPid, insertDirectly(1000));
    let rangeP95: number | null = null;
    let rangeFailures = 0;
    if (client !== undefined) {
      await drainJobs();
      const party = parties[0] as Party;
      const today = new Date().toISOString().slice(0, 10);
      const owner = {
        ...bodies[0],
        reservationType: 'NORMAL',
        date: today,
        startTime: '09:00:00',
        endTime: '10:00:00',
      };
      const samples: number[] = [];
      for (let index = 0; index < RANGE_SAMPLES; index += 1) {
        const before = performance.now();
        const response = await post('/services/ReservationInput/parkingSlot/~range', {
          owner,
          queryCustomizer: { _seek: { limit: 10 } },
        });
        samples.push(performance.now() - before);
        if (response.status !== 200) {
          rangeFailures += 1;
          if (rangeFailures === 1) {
            log(
              `range answered ${response.status} for user ${party.userId}: ${JSON.stringify(response.body)}`,
            );
          }
        }
      }
      samples.sort((left, right) => left - right);
      rangeP95 = percentile(samples, 95);
    }
    return { engine, api, direct, rangeP95, rangeFailures };
  } finally {
    await client?.end();
    await pool?.end();
    await database?.close();
    await server.stop();
  }
}

async function main(): Promise<void> {
  const runs: Run[] = [];
  // BENCH_ENGINES=postgres (or pglite) runs one of them; both by default.
  const engines = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
  if (engines.includes('pglite')) {
    log('PGlite…');
    runs.push(await benchOne('pglite', undefined));
  }
  if (engines.includes('postgres')) {
    const temp = process.env.DATABASE_URL ? undefined : await startTempPostgres();
    try {
      log('PostgreSQL…');
      runs.push(await benchOne('postgres', process.env.DATABASE_URL ?? temp?.url));
    } finally {
      temp?.stop();
    }
  }
  const machine = `${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GB, load ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}, Node ${process.version}`;
  const lines = [`machine: ${machine}`, `${CLIENTS} clients × ${PER_CLIENT} creations`, ''];
  for (const run of runs) {
    const ratio = run.api.rate / run.direct.rate;
    lines.push(
      `${run.engine.padEnd(9)} API    ${run.api.rate.toFixed(0).padStart(6)}/s p50 ${run.api.p50.toFixed(1)} ms p99 ${run.api.p99.toFixed(1)} ms failures ${run.api.failures}`,
      `${run.engine.padEnd(9)} direct ${run.direct.rate.toFixed(0).padStart(6)}/s p50 ${run.direct.p50.toFixed(1)} ms p99 ${run.direct.p99.toFixed(1)} ms`,
      ...[run.api, run.direct].map(
        (figures, index) =>
          `${run.engine.padEnd(9)} ${index === 0 ? 'API   ' : 'direct'} ${cpuText(figures.cpu)}`,
      ),
      `${run.engine.padEnd(9)} API ÷ direct ${(ratio * 100).toFixed(0)} %${run.engine === 'postgres' ? `  (target ≥ 50 %: ${ratio >= 0.5 ? 'PASS' : 'FAIL'}; p99 ≤ 50 ms: ${run.api.p99 <= 50 ? 'PASS' : 'FAIL'})` : ''}`,
    );
    if (run.rangeP95 !== null) {
      lines.push(
        `${run.engine.padEnd(9)} free-slot range, one day, 5,000 slots / 1,000,000 reservations / 200 groups / 2,000 assigned slots: p95 ${run.rangeP95.toFixed(2)} ms (target ≤ 10: ${run.rangeP95 <= 10 ? 'PASS' : 'FAIL'}) failures ${run.rangeFailures}`,
      );
    }
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  const out = path.join(root, '.tmp/bench-reserve.json');
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(
    out,
    `${JSON.stringify({ machine, clients: CLIENTS, perClient: PER_CLIENT, runs }, null, 2)}\n`,
  );
}

await main();
