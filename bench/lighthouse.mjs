// Lighthouse (mobile preset: simulated slow 4G, 4× CPU) on the signed-in app as a phone user meets it: builds the
// web app, starts the server on the embedded defaults (demo data, embedded provider) on a free port, signs in
// through the provider's form, then measures, each 3 times, and prints the medians against the targets of issues
// 15 and 31:
// - the dashboard reloaded in the signed-in tab;
// - the launch: a new tab of the same browser profile (a home-screen launch), the provider's session alive and the
//   tab's own session empty (it lives in sessionStorage), so the app must sign in again before it shows anything;
// - an administrator's table page (Users);
// - the app's shell: a page that does not exist, the header and menu around a "not found" line, which tells how
//   much of a page's figure is the start and sign-in every screen pays, and how much its own content;
// - the floor beneath those figures (bench/floor.mjs): a page of static text, React alone and MUI alone, which tell
//   what the machine and the framework cost before the app does anything. The floor does not decide the exit code.
// A benchmark, not a test: the figures depend on the machine. Beside its load, each page shows two figures without a
// target that tell the machine's share:
// - Lighthouse's benchmarkIndex, the speed it measured before each run (higher is faster);
// - the TBT its own trace gives when each task counts by its CPU time instead of its wall time (bench/blocking.mjs):
//   Lighthouse's TBT without the time the renderer waited for a core. Lighthouse's heavy tracing still adds to that
//   CPU time; bench:main-thread's lighter trace gives the page's own work.
// - where the two cores went between the page's time origin and the trace's end (bench/process-cpu.mjs, Linux's
//   /proc): each part's processor time (renderer, browser, network and GPU processes, the server, Lighthouse) in
//   the intervals a renderer worked, and how long the renderers' main threads ran and how long they were ready
//   but waited for a core, by the scheduler's own count. Lighthouse's simulation multiplies each task's wall time,
//   waits included.
// All is kept in .tmp/bench-lighthouse.json.
// Lighthouse's 4× CPU slowdown assumes a high-end desktop (benchmarkIndex 1500-2000, docs/throttling.md of
// Lighthouse); on a slower machine it simulates a device slower than a mid-tier phone, and Lighthouse's own advice
// is a lower multiplier. `--cpu-slowdown N` sets it (the heading of each page names the multiplier used); the
// targets are judged at whatever multiplier is asked.
// Usage: npm run bench:lighthouse [-- --runs 3] [-- --only launch,admin,shell,floor] [-- --cpu-slowdown 2]
// (CHROME_PATH overrides /usr/bin/chromium; LIGHTHOUSE_REPORTS=dir keeps each run's full report and trace there,
// to see what shifts or blocks)
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { blockingOf } from './blocking.mjs';
import { FLOOR_PAGES, serveFloor } from './floor.mjs';
import { processorTimeWithin, sampleProcessorTime } from './process-cpu.mjs';
import { signIn, startApp } from './signed-in.mjs';

const root = join(import.meta.dirname, '..');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const runsArgument = process.argv.indexOf('--runs');
const runs = runsArgument > 0 ? Number(process.argv[runsArgument + 1]) : 3;
const onlyArgument = process.argv.indexOf('--only');
/** Which of dashboard, launch, admin, shell and floor to measure: all unless `--only` names some. */
const measures = (name) => onlyArgument < 0 || process.argv[onlyArgument + 1].split(',').includes(name);
const slowdownArgument = process.argv.indexOf('--cpu-slowdown');
/** Lighthouse's simulated CPU slowdown: its mobile preset's 4 unless `--cpu-slowdown` says otherwise. */
const cpuSlowdown = slowdownArgument > 0 ? Number(process.argv[slowdownArgument + 1]) : 4;
if (!(cpuSlowdown >= 1 && cpuSlowdown <= 20)) {
  throw new Error("--cpu-slowdown takes a number from 1 to 20 (Lighthouse's mobile preset is 4)");
}

/** The figures of issues 15 and 31 with their targets; `better` tells which side of the target passes. */
const FIGURES = [
  { key: 'performance', label: 'performance', target: 0.9, better: 'higher', show: (v) => v.toFixed(2) },
  { key: 'lcp', label: 'LCP', target: 2500, better: 'lower', show: (v) => `${(v / 1000).toFixed(2)} s` },
  { key: 'tbt', label: 'TBT', target: 200, better: 'lower', show: (v) => `${Math.round(v)} ms` },
  { key: 'cls', label: 'CLS', target: 0.05, better: 'lower', show: (v) => v.toFixed(3) },
  { key: 'accessibility', label: 'accessibility', target: 1, better: 'higher', show: (v) => v.toFixed(2) },
  { key: 'bestPractices', label: 'best-practices', target: 1, better: 'higher', show: (v) => v.toFixed(2) },
  { key: 'bytes', label: 'transferred', show: (v) => `${(v / 1024).toFixed(1)} KB` },
  { key: 'cpuTbt', label: 'TBT, CPU time', show: (v) => `${Math.round(v)} ms` },
  { key: 'benchmarkIndex', label: 'benchmarkIndex', show: (v) => `${Math.round(v)}` },
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * One Lighthouse run in `page`. The session lives in sessionStorage (SPEC §9) and the provider's in its cookies,
 * which Lighthouse's own storage reset would wipe, so it is turned off and the cold start is made here instead:
 * the HTTP cache, the service worker and its caches go; cookies, localStorage and the tab's session stay.
 */
async function measure(page, url) {
  // Lighthouse now and then loses its own trace (NO_NAVSTART and kin, "please run Lighthouse again"): such a run
  // has no figures, so it is run again rather than counted.
  for (let attempt = 1; ; attempt += 1) {
    const result = await measureOnce(page, url);
    if (!result.lhr.runtimeError) {
      return figuresOf(result);
    }
    process.stderr.write(`Lighthouse could not measure ${url}: ${result.lhr.runtimeError.code}\n`);
    if (attempt === 3) {
      throw new Error(`Lighthouse failed three times on ${url}`);
    }
  }
}

async function measureOnce(page, url) {
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', {
    origin: new URL(url).origin,
    storageTypes: 'service_workers,cache_storage,indexeddb',
  });
  await cdp.detach();
  const sampler = sampleProcessorTime(server.pid);
  const result = await lighthouse(
    url,
    {
      disableStorageReset: true,
      output: 'json',
      logLevel: 'error',
      throttling: { cpuSlowdownMultiplier: cpuSlowdown },
    },
    undefined, // Lighthouse's default: the mobile preset
    page,
  );
  result.processorTime = sampler.stop();
  return result;
}

function figuresOf(result) {
  const reports = process.env.LIGHTHOUSE_REPORTS;
  if (reports) {
    mkdirSync(reports, { recursive: true });
    const name = Date.now();
    writeFileSync(join(reports, `${name}.json`), JSON.stringify(result.lhr));
    // The trace the simulation started from: its tasks as they were observed, each with what filled it.
    writeFileSync(join(reports, `${name}.trace.json`), JSON.stringify(result.artifacts.Trace));
  }
  const { audits, categories } = result.lhr;
  const bytes = (audits['network-requests'].details?.items ?? []).reduce(
    (sum, item) => sum + (item.transferSize ?? 0),
    0,
  );
  return {
    performance: categories.performance.score,
    lcp: audits['largest-contentful-paint'].numericValue,
    tbt: audits['total-blocking-time'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    accessibility: categories.accessibility.score,
    bestPractices: categories['best-practices'].score,
    bytes,
    cpuTbt: blockingOf(result.artifacts.Trace, cpuSlowdown).blocking,
    benchmarkIndex: result.lhr.environment.benchmarkIndex,
    processorTime: processorTimeWithin(
      result.processorTime,
      audits.metrics.details.items[0].observedTimeOriginTs,
      audits.metrics.details.items[0].observedTraceEndTs,
    ),
  };
}

/** Where the processor went while the page's renderer worked: each part's median seconds over the runs. */
function processorLine(runs) {
  const parts = [...new Set(runs.flatMap((run) => Object.keys(run.processorTime.parts)))];
  const seconds = (value) => `${value.toFixed(1)} s`;
  const shares = parts
    .map((part) => [part, median(runs.map((run) => run.processorTime.parts[part] ?? 0))])
    .sort((a, b) => b[1] - a[1])
    .map(([part, value]) => `${part} ${seconds(value)}`);
  const wall = median(runs.map((run) => run.processorTime.wall));
  const ran = median(runs.map((run) => run.processorTime.mainRan));
  const waited = median(runs.map((run) => run.processorTime.mainWaited));
  return [
    `  while a renderer worked (${seconds(wall)} × ${availableParallelism()} cores): ${shares.join(', ')}`,
    `  renderers' main threads: ran ${seconds(ran)}, waited ${seconds(waited)} for a core`,
  ].join('\n');
}

/** Each figure's median over `runs`. */
const mediansOf = (runs) =>
  Object.fromEntries(FIGURES.map((figure) => [figure.key, median(runs.map((run) => run[figure.key]))]));

function report(title, runs) {
  const slowdown = cpuSlowdown === 4 ? '' : `, CPU slowdown ${cpuSlowdown}×`;
  const lines = [`${title} (median of ${runs.length}${slowdown})`];
  let failed = false;
  const medians = mediansOf(runs);
  for (const figure of FIGURES) {
    const value = medians[figure.key];
    if (figure.target === undefined) {
      lines.push(`  ${figure.label.padEnd(15)} ${figure.show(value)}`);
      continue;
    }
    const pass = figure.better === 'higher' ? value >= figure.target : value <= figure.target;
    failed ||= !pass;
    const sign = figure.better === 'higher' ? '≥' : '≤';
    lines.push(
      `  ${figure.label.padEnd(15)} ${figure.show(value).padStart(9)}  target ${sign} ${figure.show(figure.target).padEnd(9)} ${pass ? 'PASS' : 'FAIL'}`,
    );
  }
  lines.push(processorLine(runs));
  process.stdout.write(`${lines.join('\n')}\n`);
  return failed;
}

/**
 * The launch from a phone's home screen: a new tab in the profile `signedIn` signed in on. The provider's session
 * (its cookies) is alive, the tab's own session is not (sessionStorage is per tab), so the app signs in again.
 */
async function measureLaunch(signedIn, url) {
  const tab = await signedIn.browserContext().newPage();
  try {
    return await measure(tab, url);
  } finally {
    await tab.close();
  }
}

/** `measureOne` `runs` times, one after the other. */
async function repeat(measureOne) {
  const results = [];
  for (let run = 0; run < runs; run += 1) {
    results.push(await measureOne());
  }
  return results;
}

const build = spawnSync('npm', ['run', 'build', '-w', '@parkhere/web'], { cwd: root, stdio: 'ignore' });
if (build.status !== 0) {
  throw new Error('the web build failed: run `npm run build -w @parkhere/web` to see why');
}
const { base, server } = await startApp();
const browser = await puppeteer.launch({
  executablePath: chromePath,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const loadBefore = loadavg()[0];
let failed = false;
const measured = {};
try {
  if (['dashboard', 'launch', 'shell'].some(measures)) {
    const user = await browser.newPage();
    await signIn(user, base, 'user');
    if (measures('dashboard')) {
      measured['dashboard (user)'] = await repeat(() => measure(user, `${base}/`));
    }
    if (measures('launch')) {
      measured['launch: a new tab, the provider still signed in (user)'] = await repeat(() =>
        measureLaunch(user, `${base}/`),
      );
    }
    if (measures('shell')) {
      measured['shell: a page that does not exist (user)'] = await repeat(() =>
        measure(user, `${base}/no-such-page`),
      );
    }
    await user.close();
  }
  if (measures('admin')) {
    const admin = await (await browser.createBrowserContext()).newPage();
    await signIn(admin, base, 'admin');
    measured['admin table: Users (admin)'] = await repeat(() =>
      measure(admin, `${base}/Services/Actor/Users/AccessTablePage`),
    );
  }
  if (measures('floor')) {
    const floor = await serveFloor();
    try {
      const page = await (await browser.createBrowserContext()).newPage();
      for (const { file, title } of FLOOR_PAGES) {
        measured[title] = await repeat(() => measure(page, `${floor.base}/${file}`));
      }
    } finally {
      await floor.close();
    }
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
const floorTitles = new Set(FLOOR_PAGES.map(({ title }) => title));
for (const [title, results] of Object.entries(measured)) {
  failed = (report(title, results) && !floorTitles.has(title)) || failed;
}
const loadAfter = loadavg()[0];
process.stdout.write(
  `machine load (1 min): ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after\n`,
);
mkdirSync(join(root, '.tmp'), { recursive: true });
writeFileSync(
  join(root, '.tmp/bench-lighthouse.json'),
  `${JSON.stringify(
    {
      measuredAt: new Date().toISOString(),
      load: { before: loadBefore, after: loadAfter },
      cpuSlowdown,
      pages: Object.fromEntries(
        Object.entries(measured).map(([title, results]) => [
          title,
          { medians: mediansOf(results), runs: results },
        ]),
      ),
    },
    null,
    2,
  )}\n`,
);
process.exitCode = failed ? 1 : 0;
