/*
 * `npm run bench:import`: bulk set-up (issue 30, item 1) on PostgreSQL (a throwaway cluster unless DATABASE_URL
 * is given), the server in a process of its own on the demo data (BENCH_PORT, else a random port): a file of
 * BENCH_ROWS (10,000) new users, each with working hours, quotas, both garages and two groups (or with
 * BENCH_KIND=slots new slots, each with its garage, floor and flags), posted as a dry run and then applied, as
 * an administrator; then the same rows changed (every user's name, quota, garages and groups; every slot's
 * floor and flags), posted as a dry run and applied as updates. Prints the times, the creates' sum against the
 * target (10 s) and the updates' sum with the machine's load, and writes them to .tmp/bench-import.json. Not a
 * test.
 */
import { availableParallelism, loadavg } from 'node:os';
import {
  API_BASE,
  type ImportAction,
  type ImportAnswer,
  type ImportKind,
  importPath,
} from '@parkhere/contract';
import { writeFigures } from './postgres-bench.ts';
import { startPostgresBenchServer } from './server-process.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const TARGET_SECONDS = 10;

const { server, adminToken, stop } = await startPostgresBenchServer('bench-import', { DEMO_DATA: 'true' });

const KIND: ImportKind = process.env.BENCH_KIND === 'slots' ? 'slots' : 'users';
const GROUPS = ['Bench day shift', 'Bench night shift', 'Bench visitors'];

/** The file of ROWS rows, as first created (`changed` false) or with every row changed. */
const FILES: Record<ImportKind, (changed: boolean) => string[]> = {
  users: (changed) => [
    'email,name,isNormalReservation,startOfWorkingTime,endOfWorkingTime,maxNormalReservation,garages,idCardGarages,groups',
    ...Array.from({ length: ROWS }, (_, index) =>
      changed
        ? `person${index}@bench.example,Személy ${index} Új,igen,08:00,16:30,${(index + 1) % 9},Riverside Garage,,${GROUPS[2]}|${GROUPS[index % 2]}`
        : `person${index}@bench.example,Személy ${index},igen,08:00,16:30,${index % 9},HQ Garage|Riverside Garage,HQ Garage,${GROUPS[0]}|${GROUPS[1]}`,
    ),
  ],
  slots: (changed) => [
    'garage,name,floor,nextToWall,isExclusive,isActive',
    ...Array.from(
      { length: ROWS },
      (_, index) =>
        `${index % 2 === 0 ? 'HQ Garage' : 'Riverside Garage'},Bench-${index},${(index + (changed ? 1 : 0)) % 5},${index % 3 === 0 ? 'igen' : 'nem'},${changed ? 'igen' : 'nem'},igen`,
    ),
  ],
};

/** `file` posted as `token`, a dry run or not, every row answered `action`: the seconds it took. */
const post = async (token: string, file: string, dryRun: boolean, action: ImportAction) => {
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
  if (answer.totals[action] !== ROWS) {
    throw new Error(`expected ${ROWS} ${action}s: ${JSON.stringify(answer.totals)}`);
  }
  return (performance.now() - started) / 1000;
};

/** The groups the users' file names, made as an administrator makes them. */
const createGroups = async (token: string) => {
  for (const name of GROUPS) {
    const response = await fetch(`${server.base}${API_BASE}/services/Actor/~update/groups/~create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    if (response.status !== 200) {
      throw new Error(`creating the group ${name} answered ${response.status}: ${await response.text()}`);
    }
  }
};

try {
  const token = await adminToken();
  if (KIND === 'users') {
    await createGroups(token);
  }
  const load = loadavg()[0] ?? 0;
  const created = FILES[KIND](false).join('\n');
  const dryRun = await post(token, created, true, 'create');
  const apply = await post(token, created, false, 'create');
  const changed = FILES[KIND](true).join('\n');
  const updateDryRun = await post(token, changed, true, 'update');
  const updateApply = await post(token, changed, false, 'update');
  const total = dryRun + apply;
  const updateTotal = updateDryRun + updateApply;
  const figures = {
    kind: KIND,
    rows: ROWS,
    dryRun,
    apply,
    total,
    updateDryRun,
    updateApply,
    updateTotal,
    target: TARGET_SECONDS,
    load,
    loadAfter: loadavg()[0] ?? 0,
    cores: availableParallelism(),
  };
  process.stdout.write(
    `CSV import of ${ROWS} new ${KIND} on PostgreSQL: dry run ${dryRun.toFixed(1)} s, apply ${apply.toFixed(1)} s; total ${total.toFixed(1)} s (target ≤ ${TARGET_SECONDS} s: ${total <= TARGET_SECONDS ? 'met' : 'MISSED'})\n` +
      `the same ${ROWS} ${KIND} changed: dry run ${updateDryRun.toFixed(1)} s, apply ${updateApply.toFixed(1)} s; total ${updateTotal.toFixed(1)} s (${updateTotal <= TARGET_SECONDS ? 'within' : 'OVER'} ${TARGET_SECONDS} s)\n` +
      `load ${load.toFixed(1)} at the start, ${figures.loadAfter.toFixed(1)} at the end, on ${figures.cores} cores\n`,
  );
  writeFigures(KIND === 'users' ? 'bench-import' : 'bench-import-slots', figures);
} finally {
  await stop();
}
