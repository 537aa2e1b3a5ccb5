/*
 * `npm run bench:reports`: the administrators' reports (issue 28, item 4) on bench:api's data (2,500 users, 20
 * garages with 5,000 slots, 1,000,000 reservations over 200 days) on PostgreSQL (a throwaway cluster unless
 * DATABASE_URL is given), the server in a process of its own (BENCH_PORT, else a random port). Times each
 * report for a year around today, for all garages and for one, and who held a slot at an instant: BENCH_SAMPLES
 * (10) sequential requests each after two unmeasured ones, against the target (each ≤ 500 ms). Figures also go
 * to .tmp/bench-reports.json. Not a test.
 */
import { API_BASE, addDays, type UtilisationReport } from '@parkhere/contract';
import pg from 'pg';
import { percentile, seed } from './api.ts';
import { median, writeFigures } from './postgres-bench.ts';
import { startPostgresBenchServer } from './server-process.ts';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 10);
const WARMUP = 2;
const TARGET_MS = 500;

const { server, databaseUrl, adminToken, stop } = await startPostgresBenchServer('bench-reports');
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();

/** A call of the API as `token` that must answer 200: its JSON and milliseconds. */
const timedCall = async (token: string, path: string, body?: unknown) => {
  const started = performance.now();
  const response = await fetch(`${server.base}${API_BASE}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (response.status !== 200) {
    throw new Error(`${path} answered ${response.status}: ${text}`);
  }
  return { ms: performance.now() - started, body: JSON.parse(text) as unknown };
};

try {
  await seed(client);
  const token = await adminToken();
  const today = new Date().toISOString().slice(0, 10);
  const year = `from=${addDays(today, -182)}&to=${addDays(today, 183)}`;
  const all = `/reports/utilisation?${year}`;
  // The identifiers a client has: a garage as the garages list gives it, a slot as a report's slots name it.
  const garages = (await timedCall(token, '/services/Actor/parkingGarages/~list', { _seek: { limit: 1 } }))
    .body as { __signedIdentifier: string }[];
  const report = (await timedCall(token, all)).body as UtilisationReport;
  const garage = encodeURIComponent(String(garages[0]?.__signedIdentifier));
  const slot = encodeURIComponent(String(report.slots[0]?.slot));
  const at = encodeURIComponent(`${today}T10:00:00+01:00`);
  const cases = {
    'utilisation, a year, all garages': all,
    'utilisation, a year, one garage': `${all}&garage=${garage}`,
    'who held a slot at an instant': `/reports/slot-holders?slot=${slot}&at=${at}`,
  };
  const figures: Record<string, { median: number; p95: number; max: number; met: boolean }> = {};
  for (const [name, path] of Object.entries(cases)) {
    for (let n = 0; n < WARMUP; n += 1) {
      await timedCall(token, path);
    }
    const samples: number[] = [];
    for (let n = 0; n < SAMPLES; n += 1) {
      samples.push((await timedCall(token, path)).ms);
    }
    samples.sort((a, b) => a - b);
    const max = samples[samples.length - 1] ?? Number.NaN;
    const p95 = percentile(samples, 95);
    figures[name] = { median: median(samples), p95, max, met: p95 <= TARGET_MS };
    process.stdout.write(
      `${name}: median ${median(samples).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${max.toFixed(0)} ms (target p95 ≤ ${TARGET_MS} ms: ${p95 <= TARGET_MS ? 'met' : 'MISSED'})\n`,
    );
  }
  writeFigures('bench-reports', { samples: SAMPLES, target: TARGET_MS, figures });
} finally {
  await client.end();
  await stop();
}
