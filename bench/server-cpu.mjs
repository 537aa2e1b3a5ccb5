// The server's share of a dashboard load: starts the server on the embedded defaults (PGlite, as bench:lighthouse
// does), signs in, reloads the dashboard N times and prints, per reload, the server process's CPU time (from
// /proc) and the API requests with how long each waited for its answer, slowest first.
// Usage: node bench/server-cpu.mjs [--runs 5] [--page /] [--as user]   (needs `npm run build` first)
import puppeteer from 'puppeteer-core';
import { processorMsOf } from './process-cpu.mjs';
import { signIn, startApp } from './signed-in.mjs';

const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const runs = Number(option('runs', 5));
const say = (line) => process.stdout.write(`${line}\n`);
const pagePath = option('page', '/');
const login = option('as', pagePath === '/' ? 'user' : 'admin');

const { base, server } = await startApp();
const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--no-first-run', '--disable-background-networking'],
});
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 412, height: 823 });
  await signIn(page, base, login);
  await page.goto(`${base}${pagePath}`, { waitUntil: 'networkidle0' });
  const summary = [];
  for (let run = 1; run <= runs; run += 1) {
    const waits = [];
    const onResponse = (response) => {
      const url = new URL(response.url());
      const timing = response.timing();
      if (url.pathname.startsWith('/api/') && timing) {
        waits.push({
          path: `${url.pathname}${url.search}`.slice(0, 90),
          ms: timing.receiveHeadersEnd - timing.sendStart,
        });
      }
    };
    page.on('response', onResponse);
    const before = processorMsOf(server.pid);
    await page.reload({ waitUntil: 'networkidle0' });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const used = processorMsOf(server.pid) - before;
    page.off('response', onResponse);
    summary.push(used);
    waits.sort((a, b) => b.ms - a.ms);
    say(`reload ${run}: server CPU ${used} ms, ${waits.length} API requests`);
    for (const wait of waits.slice(0, 8)) {
      say(`  ${wait.ms.toFixed(0).padStart(5)} ms  ${wait.path}`);
    }
  }
  const sorted = [...summary].sort((a, b) => a - b);
  say(`server CPU per load, median of ${runs}: ${sorted[Math.floor(runs / 2)]} ms [${summary.join(', ')}]`);
} finally {
  await browser.close();
  server.kill();
}
