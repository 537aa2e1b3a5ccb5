/*
 * `npm run bench:export`: exporting every reservation as CSV (issue 28, item 6). Not a test.
 *
 * On bench:api's world (a throwaway PostgreSQL unless DATABASE_URL is given; 1,000,000 reservations, seeded once),
 * the server in a process of its own exports the administrators' three reservation lists (previous, today's,
 * future: every reservation once) as CSV, one after another, reading each download as it streams without keeping
 * it. The server's resident memory is sampled from /proc every 50 ms: its peak while idle before, and during the
 * exports. Prints rows, seconds, rows per second and both peaks; figures also go to .tmp/bench-export.json.
 * BENCH_PORT puts the server on a port of one's own.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { API_BASE, headers } from '@parkhere/contract';
import pg from 'pg';
import { request } from 'undici';
import { openDatabase } from '../packages/server/src/platform/db/database.ts';
import { mintToken } from '../packages/server/test/tokens.ts';
import { startTempPostgres } from '../scripts/pg-temp.mjs';
import { seed } from './api.ts';
import { benchServerEnv, startServerProcess } from './server-process.ts';

const LISTS = ['previousReservations', 'todayReservations', 'futureReservations'] as const;
const MASK =
  '{date,startTime,endTime,reservationType,reservationStatus,reserverName,reserverCarId,parkingSlotInformation}';

const log = (line: string) => process.stderr.write(`${line}\n`);

/** The process's resident set in MB now, from /proc. */
const rssOf = (pid: number): number => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return Number(line?.[1] ?? 0) / 1024;
};

/** Samples the resident set every 50 ms until stopped; the peak. */
const sampler = (pid: number) => {
  let peak = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      peak = Math.max(peak, rssOf(pid));
      await sleep(50);
    }
  })();
  return async () => {
    running = false;
    await done;
    return peak;
  };
};

const envOf = (databaseUrl: string) => {
  const env = benchServerEnv('bench-export', databaseUrl);
  const port = process.env.BENCH_PORT;
  return port === undefined ? env : { ...env, PORT: port, PUBLIC_URL: `http://127.0.0.1:${port}` };
};

async function main(): Promise<void> {
  const temp = process.env.DATABASE_URL ? undefined : await startTempPostgres();
  const databaseUrl = process.env.DATABASE_URL ?? temp?.url ?? '';
  const server = await startServerProcess('bench-export', databaseUrl, envOf(databaseUrl));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await seed(client);
    const database = await openDatabase({ databaseUrl, dataDir: server.config.dataDir });
    const token = await mintToken(
      { config: server.config, app: { database: { db: database.db } } },
      { login: 'admin' },
    ).finally(() => database.close());
    const pid = server.pid ?? 0;
    const call = (path: string, body: unknown, extra: Record<string, string> = {}) =>
      request(`${server.base}${API_BASE}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...extra },
        body: JSON.stringify(body),
      });
    const panel = (await (await call('/services/Actor/reservationsAccess/~get', {})).body.json()) as {
      __signedIdentifier: string;
    };
    const idle = sampler(pid);
    await sleep(2000);
    const before = await idle();
    const during = sampler(pid);
    const started = process.hrtime.bigint();
    let rows = 0;
    for (const list of LISTS) {
      const answer = await call(
        `/services/ReservationsPanel/${list}/~export?format=csv`,
        { _mask: MASK },
        { [headers.signedIdentifier]: panel.__signedIdentifier, 'accept-language': 'hu-HU' },
      );
      if (answer.statusCode !== 200) {
        throw new Error(`${list}: HTTP ${answer.statusCode} ${await answer.body.text()}`);
      }
      let lines = 0;
      for await (const chunk of answer.body) {
        for (const byte of chunk as Buffer) {
          lines += byte === 10 ? 1 : 0;
        }
      }
      rows += lines - 1;
      log(`${list}: ${lines - 1} rows`);
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const peak = await during();
    const figures = {
      rows,
      seconds: Number(seconds.toFixed(1)),
      rowsPerSecond: Math.round(rows / seconds),
      peakRssBeforeMb: Math.round(before),
      peakRssDuringMb: Math.round(peak),
    };
    process.stdout.write(
      `exported ${rows} reservations as CSV in ${figures.seconds} s: ${figures.rowsPerSecond} rows/s; server peak RSS ${figures.peakRssBeforeMb} MB idle before, ${figures.peakRssDuringMb} MB during\n`,
    );
    writeFileSync('.tmp/bench-export.json', `${JSON.stringify(figures, null, 2)}\n`);
  } finally {
    await client.end();
    await server.stop();
    temp?.stop();
  }
}

await main();
