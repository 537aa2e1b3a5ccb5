/*
 * `npm run bench:import`: bulk set-up (issue 30, item 1) on PostgreSQL (a throwaway cluster unless DATABASE_URL
 * is given), the server in a process of its own on the demo data (BENCH_PORT, else a random port): a file of
 * BENCH_ROWS (10,000) new users, each with working hours, quotas and both garages (or with BENCH_KIND=slots new
 * slots, each with its garage, floor and flags), posted as a dry run and then applied, as an administrator. Prints both times and their sum against the target (10 s) with the
 * machine's load, and writes them to .tmp/bench-import.json. Not a test.
 */
import { availableParallelism, loadavg } from 'node:os';
import { API_BASE, type ImportAnswer, type ImportKind, importPath } from '@parkhere/contract';
import { writeFigures } from './postgres-bench.ts';
import { startPostgresBenchServer } from './server-process.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const TARGET_SECONDS = 10;

const { server, adminToken, stop } = await startPostgresBenchServer('bench-import', { DEMO_DATA: 'true' });

const KIND: ImportKind = process.env.BENCH_KIND === 'slots' ? 'slots' : 'users';

const FILES: Record<ImportKind, () => string[]> = {
  users: () => [
    'email,name,isNormalReservation,startOfWorkingTime,endOfWorkingTime,maxNormalReservation,garages,idCardGarages',
    ...Array.from(
      { length: ROWS },
      (_, index) =>
        `person${index}@bench.example,Személy ${index},igen,08:00,16:30,${index % 9},HQ Garage|Riverside Garage,HQ Garage`,
    ),
  ],
  slots: () => [
    'garage,name,floor,nextToWall,isExclusive,isActive',
    ...Array.from(
      { length: ROWS },
      (_, index) =>
        `${index % 2 === 0 ? 'HQ Garage' : 'Riverside Garage'},Bench-${index},${index % 5},${index % 3 === 0 ? 'igen' : 'nem'},nem,igen`,
    ),
  ],
};
const file = FILES[KIND]().join('\n');

/** The file posted as `token`, a dry run or not: the answer and the seconds it took. */
const post = async (token: string, dryRun: boolean) => {
  const started = performance.now();
  const response = await fetch(
    `${server.base}${API_BASE}/${importPath(KIND)}${dryRun ? '?dryRun=true' : ''}`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      body: file,
    },
  );
  const text = await response.text();
  if (response.status !== 200) {
    throw new Error(`the import answered ${response.status}: ${text.slice(0, 500)}`);
  }
  const answer = JSON.parse(text) as ImportAnswer;
  if (answer.totals.create !== ROWS) {
    throw new Error(`expected ${ROWS} creates: ${JSON.stringify(answer.totals)}`);
  }
  return (performance.now() - started) / 1000;
};

try {
  const token = await adminToken();
  const load = loadavg()[0] ?? 0;
  const dryRun = await post(token, true);
  const apply = await post(token, false);
  const total = dryRun + apply;
  const figures = {
    kind: KIND,
    rows: ROWS,
    dryRun,
    apply,
    total,
    target: TARGET_SECONDS,
    load,
    cores: availableParallelism(),
  };
  process.stdout.write(
    `CSV import of ${ROWS} new ${KIND} on PostgreSQL: dry run ${dryRun.toFixed(1)} s, apply ${apply.toFixed(1)} s; total ${total.toFixed(1)} s (target ≤ ${TARGET_SECONDS} s: ${total <= TARGET_SECONDS ? 'met' : 'MISSED'}) at load ${load.toFixed(1)} on ${figures.cores} cores\n`,
  );
  writeFigures(KIND === 'users' ? 'bench-import' : 'bench-import-slots', figures);
} finally {
  await stop();
}
