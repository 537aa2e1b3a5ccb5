// What a page makes the browser fetch as it opens: the JavaScript files and their bytes as sent (brotli, as the
// server answers a browser), for the dashboard (user) and the admin Users table (admin), from a reload of a
// signed-in tab with the service worker kept out (it would answer from its cache). Each file is a request, and
// on a phone's HTTP/1.1 connections (six at a time, each a round trip) their number decides as much as their
// bytes when a screen shows. Measures packages/web/dist as it is: `npm run build` first.
// Usage: npm run bench:page-files [-- --list]
import puppeteer from 'puppeteer-core';
import { signIn, startApp } from './signed-in.mjs';

const PAGES = [
  { name: 'dashboard', path: '/', login: 'user' },
  { name: 'admin Users table', path: '/Services/Actor/Users/AccessTablePage', login: 'admin' },
];
const list = process.argv.includes('--list');

const { base, server } = await startApp();
const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  for (const { name, path, login } of PAGES) {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width: 412, height: 823, isMobile: true, hasTouch: true });
    await page.setBypassServiceWorker(true);
    await signIn(page, base, login);
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle0' });
    const scripts = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js')) {
        scripts.push({
          file: url.pathname.slice('/assets/'.length),
          bytes: Number(response.headers()['content-length'] ?? 0),
        });
      }
    });
    await page.reload({ waitUntil: 'networkidle0' });
    const bytes = scripts.reduce((sum, script) => sum + script.bytes, 0);
    process.stdout.write(
      `${name} (${login}): ${scripts.length} JavaScript files, ${(bytes / 1024).toFixed(1)} KB\n`,
    );
    if (list) {
      process.stdout.write(scripts.map((script) => `  ${script.file} ${script.bytes}\n`).join(''));
    }
    await context.close();
  }
} finally {
  await browser.close();
  server.kill();
}
