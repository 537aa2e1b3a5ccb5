// Runs every suite (lint, types, unit + API on PGlite, API on PostgreSQL, browser end-to-end) and prints
// one summary line `N passed, N failed, N skipped` that sums them all.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { postgresAvailable, startTempPostgres } from './pg-temp.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = join(root, '.tmp/reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const results = [];
/**
 * The failed tests by name, each with the start of its message, printed above the summary: the end of the log
 * is what a CI page shows, and a failure seen once (under a CI machine's load) must be explainable from it.
 */
const failures = [];

/** Up to `count` lines of `text` from its start (or its end), indented under a failure's name. */
const excerpt = (text, count, { fromEnd = false } = {}) => {
  const lines = text
    .replaceAll(`${root}/`, '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the colours of a tool's output
    .replace(/\x1b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '');
  const kept = fromEnd ? lines.slice(-count) : lines.slice(0, count);
  return kept.map((line) => `    ${line.slice(0, 300)}`);
};

function run(command, args, env = {}) {
  console.warn(`\n▶ ${command} ${args.join(' ')}`);
  return spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status;
}

/** Runs the checks side by side (each is one process on one core), printing each one's output once it ends. */
async function checks(list) {
  const ended = await Promise.all(
    list.map(
      ([name, command, args]) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
          let output = '';
          child.stdout.on('data', (chunk) => {
            output += chunk;
          });
          child.stderr.on('data', (chunk) => {
            output += chunk;
          });
          child.on('close', (status) =>
            resolve({ name, line: `${command} ${args.join(' ')}`, status, output }),
          );
        }),
    ),
  );
  for (const { name, line, status, output } of ended) {
    console.warn(`\n▶ ${line}\n${output}`);
    results.push({ name, passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1, skipped: 0 });
    if (status !== 0) {
      failures.push(`${name}: ${line} ended with status ${status}`, ...excerpt(output, 6, { fromEnd: true }));
    }
  }
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

function vitest(name, args, env = {}) {
  const out = join(reports, `${name}.json`);
  const unhandledOut = join(reports, `${name}.unhandled.json`);
  const status = run(
    'npx',
    [
      'vitest',
      'run',
      ...args,
      // Vitest's default leaves one core to itself (one worker on two cores), while a server file's worker waits
      // on its database as often as it computes.
      `--maxWorkers=${Math.max(2, availableParallelism())}`,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
      '--reporter=./scripts/vitest-unhandled.mjs',
    ],
    { ...env, UNHANDLED_ERRORS_OUT: unhandledOut },
  );
  const report = readJson(out);
  if (!report) {
    results.push({ name, passed: 0, failed: 1, skipped: 0 });
    return;
  }
  const inRepository = (path) => path.slice(root.length + 1);
  for (const file of report.testResults) {
    const at = inRepository(file.name);
    for (const test of file.assertionResults.filter((t) => t.status === 'failed')) {
      failures.push(`${name}: ${at} › ${test.fullName}`, ...excerpt(test.failureMessages?.[0] ?? '', 8));
    }
  }
  // A file can fail with no failing test: it did not load, or a hook outside the tests (afterAll) failed. Each
  // counts once, named with vitest's first message for it.
  const failedFiles = report.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed'),
  );
  for (const file of failedFiles) {
    const how = file.assertionResults.length === 0 ? 'did not load' : 'failed outside its tests';
    failures.push(`${name}: ${inRepository(file.name)} (${how}: ${file.message.split('\n')[0]})`);
  }
  // An error that escaped every test (vitest ends non-zero for it; its JSON report leaves it out).
  const unhandled = readJson(unhandledOut) ?? [];
  for (const error of unhandled) {
    const where = [error.file && inRepository(error.file), error.test].filter(Boolean).join(' › ');
    failures.push(
      `${name}: unhandled ${error.name}: ${error.message}${where ? ` (in ${where})` : ''}`,
      ...error.stack.map((line) => `    ${line.replaceAll(`${root}/`, '')}`),
    );
  }
  const named = report.numFailedTests + failedFiles.length + unhandled.length;
  const unexplained = status !== 0 && named === 0;
  if (unexplained) {
    failures.push(`${name}: vitest ended with status ${status} though nothing failed (see its output above)`);
  }
  results.push({
    name,
    passed: report.numPassedTests,
    failed: named + (unexplained ? 1 : 0),
    skipped: report.numPendingTests + report.numTodoTests,
  });
}

function collectPlaywrightFailures(suites, titles = []) {
  for (const suite of suites) {
    const path = suite.title && !suite.file?.endsWith(suite.title) ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected') {
          failures.push(
            `e2e: [${test.projectName}] ${spec.file}:${spec.line} › ${[...path, spec.title].join(' › ')}`,
          );
        }
      }
    }
    collectPlaywrightFailures(suite.suites ?? [], path);
  }
}

function playwright() {
  const out = join(reports, 'e2e.json');
  const status = run(
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: out,
      // The specs about a user's stored language run after the others (e2e/playwright.config.ts).
      E2E_WHOLE_RUN: 'true',
    },
  );
  const report = readJson(out);
  if (!report) {
    results.push({ name: 'e2e', passed: 0, failed: 1, skipped: 0 });
    return;
  }
  const { expected, unexpected, skipped, flaky } = report.stats;
  collectPlaywrightFailures(report.suites ?? []);
  const errors = report.errors?.length ?? 0;
  results.push({
    name: 'e2e',
    passed: expected + flaky,
    failed: unexpected + errors + (status !== 0 && unexpected + errors === 0 ? 1 : 0),
    skipped,
  });
}

await checks([
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
]);
vitest('unit+api (PGlite)', []);

if (process.env.DATABASE_URL) {
  vitest('api (PostgreSQL)', ['--project', 'server']);
} else if (postgresAvailable()) {
  const pg = await startTempPostgres();
  try {
    vitest('api (PostgreSQL)', ['--project', 'server'], { DATABASE_URL: pg.url });
  } finally {
    pg.stop();
  }
} else {
  console.warn(
    'PostgreSQL server binaries not found (apt-get install -y postgresql): API suite on PostgreSQL skipped',
  );
  results.push({ name: 'api (PostgreSQL)', passed: 0, failed: 0, skipped: 1 });
}

if (existsSync('/usr/bin/chromium')) {
  await checks([['web build', 'npm', ['run', '--silent', 'build']]]);
  playwright();
} else {
  console.warn(
    'Chromium not found at /usr/bin/chromium (apt-get install -y chromium): end-to-end suite not run',
  );
  results.push({ name: 'e2e', passed: 0, failed: 1, skipped: 0 });
}

if (failures.length > 0) {
  console.warn('\nFailed');
  for (const failure of failures) console.warn(`  ${failure}`);
}
console.warn('\nSuite summary');
for (const r of results) {
  console.warn(`  ${r.name.padEnd(20)} ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`);
}
const total = (key) => results.reduce((sum, r) => sum + r[key], 0);
process.stdout.write(`${total('passed')} passed, ${total('failed')} failed, ${total('skipped')} skipped\n`);
process.exit(total('failed') > 0 ? 1 : 0);
