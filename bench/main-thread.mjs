// Where a page's main thread goes while it opens, by source file: builds the web app with source maps, starts the
// server on the embedded defaults, signs in, then reloads the page under a 4× CPU slowdown (as Lighthouse's
// mobile preset simulates) with Chromium's sampling profiler on, and prints
// - the long tasks (over 50 ms at that slowdown) the page saw, with their start, and their sum over 50 ms (a TBT
//   estimate that needs no Lighthouse);
// - the self time per source (our files by path, a package by its name) and the heaviest functions;
// - the CSS rules the page wrote as it opened, and how many of them the browser threw back.
// A tool for finding what to cut, not a benchmark figure: bench:lighthouse gives those.
// Usage: node bench/main-thread.mjs [--page /Services/Actor/Users/AccessTablePage] [--as admin] [--top 25]
//        [--launch] (a new tab of the signed-in profile instead of a reload)
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import puppeteer from 'puppeteer-core';
import { blockingOf } from './blocking.mjs';
import { signIn, startApp } from './signed-in.mjs';

const root = join(import.meta.dirname, '..');
const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const pagePath = option('page', '/');
const login = option('as', pagePath === '/' ? 'user' : 'admin');
const top = Number(option('top', 25));
const launch = process.argv.includes('--launch');
const runs = Number(option('runs', 3));

const build = spawnSync('npx', ['vite', 'build', '--sourcemap'], {
  cwd: join(root, 'packages/web'),
  stdio: 'ignore',
});
if (build.status !== 0) {
  throw new Error('the web build failed: run `npm run build -w @parkhere/web` to see why');
}
const { base, server } = await startApp();
const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});

/** A source map per built file, read once. */
const maps = new Map();
function mapOf(url) {
  if (!maps.has(url)) {
    const path = new URL(url).pathname;
    let map = null;
    try {
      map = new TraceMap(readFileSync(join(root, 'packages/web/dist', `${path}.map`), 'utf8'));
    } catch {
      // An inline script or a file without a map: named by its address.
    }
    maps.set(url, map);
  }
  return maps.get(url);
}

/** A call frame's source: `react-dom`, `@mui/material` or `src/pages/…`, and its function's name there. */
function sourceOf(frame) {
  if (!frame.url.startsWith('http')) {
    return { source: frame.functionName ? `(${frame.functionName})` : '(native)', name: frame.functionName };
  }
  const map = mapOf(frame.url);
  const original =
    map &&
    frame.lineNumber >= 0 &&
    originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
  if (!original?.source) {
    return { source: new URL(frame.url).pathname, name: frame.functionName };
  }
  const modules = original.source.lastIndexOf('node_modules/');
  const source =
    modules >= 0
      ? original.source
          .slice(modules + 'node_modules/'.length)
          .split('/')
          .slice(0, original.source.slice(modules).includes('/@') ? 2 : 1)
          .join('/')
      : original.source.replace(/^.*?\/src\//, 'src/');
  return { source, name: `${original.name ?? frame.functionName}@${source}:${original.line}` };
}

try {
  // A phone's screen, as Lighthouse's mobile preset emulates it: a phone's layout is what it measures.
  const phone = { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
  const signedIn = await browser.newPage();
  await signedIn.setViewport(phone);
  await signIn(signedIn, base, login);
  const page = launch ? await signedIn.browserContext().newPage() : signedIn;
  await page.setViewport(phone);
  if (!launch) {
    await page.goto(`${base}${pagePath}`, { waitUntil: 'networkidle0' });
  }
  // First the estimate: unthrottled loads traced, each task's CPU time (not its wall time, which the machine's
  // other work stretches) taken 4 times as Lighthouse's simulation does, blocking beyond 50 ms after the first
  // contentful paint.
  const estimates = [];
  for (let run = 0; run < runs; run += 1) {
    const tab = launch ? await signedIn.browserContext().newPage() : page;
    await tab.setViewport(phone);
    const client = await tab.createCDPSession();
    await client.send('Network.clearBrowserCache');
    await client.send('Storage.clearDataForOrigin', {
      origin: base,
      storageTypes: 'service_workers,cache_storage',
    });
    await client.detach();
    await tab.tracing.start({
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'loading',
        'blink.user_timing',
        ...(process.env.TRACE_FILE ? ['disabled-by-default-v8.cpu_profiler'] : []),
      ],
    });
    await tab.goto(`${base}${pagePath}`, { waitUntil: 'networkidle0', timeout: 120_000 });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const trace = JSON.parse(new TextDecoder().decode(await tab.tracing.stop()));
    if (process.env.TRACE_FILE) {
      (await import('node:fs')).writeFileSync(process.env.TRACE_FILE, JSON.stringify(trace));
    }
    estimates.push(blockingOf(trace));
    if (launch) {
      await tab.close();
    }
  }
  estimates.sort((a, b) => a.blocking - b.blocking);
  const middle = estimates[Math.floor(estimates.length / 2)];
  process.stdout.write(
    `TBT estimate (4 × CPU time, median of ${runs}): ${Math.round(middle.blocking)} ms [${estimates
      .map((estimate) => Math.round(estimate.blocking))
      .join(', ')}]; its long tasks (CPU ms × 4): ${middle.tasks.map((ms) => Math.round(ms)).join(', ')}\n` +
      `main thread's CPU time after the first contentful paint (unthrottled): ${estimates
        .map((estimate) => Math.round(estimate.cpu))
        .sort((a, b) => a - b)
        .join(', ')} ms\n`,
  );

  await page.evaluateOnNewDocument(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
      }
    }).observe({ type: 'longtask', buffered: true });
  });
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(`${base}${pagePath}`, { waitUntil: 'networkidle0', timeout: 120_000 });
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const { profile } = await cdp.send('Profiler.stop');
  const longTasks = await page.evaluate(() => window.__longTasks);

  const blocking = longTasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
  process.stdout.write(
    `long tasks at 4× (${longTasks.length}, blocking ${Math.round(blocking)} ms):\n${longTasks
      .map((task) => `  at ${Math.round(task.start)} ms: ${Math.round(task.duration)} ms`)
      .join('\n')}\n`,
  );

  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfTime = new Map(profile.nodes.map((node) => [node.id, 0]));
  profile.samples.forEach((id, index) => {
    selfTime.set(id, selfTime.get(id) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  const bySource = new Map();
  const byFunction = new Map();
  for (const [id, ms] of selfTime) {
    const frame = byNode.get(id).callFrame;
    if (frame.functionName === '(idle)' || frame.functionName === '(program)' || ms === 0) {
      continue;
    }
    const { source, name } = sourceOf(frame);
    bySource.set(source, (bySource.get(source) ?? 0) + ms);
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  }
  const table = (title, map, rows = top) =>
    `${title}\n${[...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, rows)
      .map(([key, ms]) => `  ${ms.toFixed(0).padStart(6)} ms  ${key}`)
      .join('\n')}\n`;
  process.stdout.write(table('self time by source (4×):', bySource));
  process.stdout.write(table('heaviest functions (4×):', byFunction));

  // The busy stretches of the profile (samples between two idle ones), longest first, each with what filled it:
  // the long tasks above, seen from the inside.
  const stretches = [];
  let current = null;
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const frame = byNode.get(id).callFrame;
    if (frame.functionName === '(idle)') {
      current = null;
      return;
    }
    if (current === null) {
      current = { duration: 0, functions: new Map(), at: index };
      stretches.push(current);
    }
    current.duration += ms;
    const { name } =
      frame.functionName === '(program)' ? { name: '(program: style, layout, …)' } : sourceOf(frame);
    current.functions.set(name || frame.url, (current.functions.get(name || frame.url) ?? 0) + ms);
  });
  for (const stretch of stretches.sort((a, b) => b.duration - a.duration).slice(0, 6)) {
    process.stdout.write(
      table(`a busy stretch of ${Math.round(stretch.duration)} ms:`, stretch.functions, 10),
    );
  }

  // The CSS the page wrote while it opened (emotion writes a rule at a time), in one more cold load without the
  // slowdown: how many rules, how many the browser threw back as unparsable (each an exception), and the time
  // in insertRule.
  const rules = await browser.newPage();
  await rules.setViewport(phone);
  await rules.evaluateOnNewDocument(() => {
    const insertRule = CSSStyleSheet.prototype.insertRule;
    const written = { rules: 0, thrown: 0, ms: 0, characters: 0 };
    window.__cssWritten = written;
    CSSStyleSheet.prototype.insertRule = function (rule, index) {
      const start = performance.now();
      try {
        return insertRule.call(this, rule, index);
      } catch (error) {
        written.thrown += 1;
        throw error;
      } finally {
        written.rules += 1;
        written.characters += rule.length;
        written.ms += performance.now() - start;
      }
    };
  });
  const clear = await rules.createCDPSession();
  await clear.send('Network.clearBrowserCache');
  await clear.detach();
  await rules.goto(`${base}${pagePath}`, { waitUntil: 'networkidle0', timeout: 120_000 });
  const css = await rules.evaluate(() => window.__cssWritten);
  process.stdout.write(
    `CSS rules written (unthrottled): ${css.rules} (${(css.characters / 1024).toFixed(1)} KB), ${css.thrown} thrown back, ${css.ms.toFixed(1)} ms in insertRule\n`,
  );
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
