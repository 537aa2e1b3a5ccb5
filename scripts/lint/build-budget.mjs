// The web build's budget (issue 31 §1): how much JavaScript a phone must evaluate before the app shows anything
// of its own and how many files the dashboard loads decide how soon the app opens, and both grew unnoticed
// before (101 files at 7d2c4e5, 128 a month later, the dashboard's Lighthouse score from 0.93 to 0.34). This
// fails when the start's code (index.html's script and what it preloads, gzip -9) or the number of JavaScript
// files the dashboard may load grows past its figure below, so such a change is seen and weighed; a raise of a
// figure says why in its commit. A third figure guards the entry (main.tsx) and what it imports statically, which
// evaluate before the start screen's paint: once, a module of its shared with the start took React and the
// libraries in with it.
// It measures packages/web/dist, built first when missing or older than the web app's sources (as `npm start`
// builds it). Exits 1 when a figure is over; `--print` prints them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { buildWebIfStale, webDist } from '../web-build.mjs';

/**
 * The figures, a little above what the build measured when they were set: the start's code 190.0 KB gzip (223.2
 * KB while the start's chunk held zod and every schema of the contract, which the start builds none of; the
 * entry chunk alone was measured before, 86.6 KB, while index.html also preloaded 315 KB more that it
 * imported), the dashboard 45 files (146 before the chunks were grouped, vite.config.ts; 42 before the start was
 * split from the entry and the screens' shared code from the start's).
 */
export const BUDGET = { startGzipBytes: 196 * 1024, dashboardFiles: 50, beforePaintGzipBytes: 8 * 1024 };

/** The files `index.html` loads itself: its module script and what it preloads, each once. */
export function htmlScripts(html) {
  return [
    ...new Set(
      [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]),
    ),
  ];
}

/** A chunk's static imports (`import … from "./x.js"`, `import "./x.js"`) and its dynamic ones (`import("./x.js")`). */
export function importsOf(code) {
  const files = (pattern) => [...code.matchAll(pattern)].map((m) => m[1]);
  return {
    static: files(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g),
    dynamic: files(/\bimport\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g),
  };
}

/**
 * The entry (index.html's module script) and every file it imports statically, directly or through another: the
 * code evaluated before the start screen can paint.
 */
export function beforePaintFiles(html, read) {
  const entry = html.match(/<script\b[^>]*\bsrc="\/assets\/([^"]+\.js)"/)?.[1];
  const seen = new Set();
  const visit = (file) => {
    if (!seen.has(file)) {
      seen.add(file);
      importsOf(read(file)).static.forEach(visit);
    }
  };
  if (entry !== undefined) {
    visit(entry);
  }
  return seen;
}

/** Another route's page (screenPages.ts loads one per route): the dashboard never loads it. */
const otherPage = (file) => /^\w+Page-[\w-]+\.js$/.test(file) && !file.startsWith('DashboardPage-');

/**
 * Every JavaScript file the dashboard may load without leaving it: index.html's, and from there every import,
 * static or dynamic (a lazy part of the dashboard, a dialog it opens), except other routes' pages. `read` gives a
 * file's code by its name under assets/.
 */
export function dashboardFiles(html, read) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file) || otherPage(file)) {
      return;
    }
    seen.add(file);
    const found = importsOf(read(file));
    for (const next of [...found.static, ...found.dynamic]) {
      visit(next);
    }
  };
  for (const file of htmlScripts(html)) {
    visit(file);
  }
  return seen;
}

/** What is over its figure, as lines to print; none when the build keeps its budget. */
export function overBudget(measured, budget = BUDGET) {
  const over = [];
  if (measured.startGzipBytes > budget.startGzipBytes) {
    over.push(
      `the start's code is ${kb(measured.startGzipBytes)} gzip, over its ${kb(budget.startGzipBytes)}: load what the first screen does not need lazily`,
    );
  }
  if (measured.dashboardFiles > budget.dashboardFiles) {
    over.push(
      `the dashboard may load ${measured.dashboardFiles} JavaScript files, over its ${budget.dashboardFiles}: each is a request and a task on a phone`,
    );
  }
  if (measured.beforePaintGzipBytes > budget.beforePaintGzipBytes) {
    over.push(
      `the entry and its static imports are ${kb(measured.beforePaintGzipBytes)} gzip, over its ${kb(budget.beforePaintGzipBytes)}: they evaluate before the start screen paints, so import the rest after it (main.tsx)`,
    );
  }
  return over;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function main() {
  buildWebIfStale();
  const assets = join(webDist, 'assets');
  const html = readFileSync(join(webDist, 'index.html'), 'utf8');
  const read = (file) => readFileSync(join(assets, file), 'utf8');
  const gzipBytes = (files) =>
    [...files].reduce(
      (sum, file) => sum + gzipSync(readFileSync(join(assets, file)), { level: 9 }).length,
      0,
    );
  const measured = {
    startGzipBytes: gzipBytes(htmlScripts(html)),
    dashboardFiles: dashboardFiles(html, read).size,
    beforePaintGzipBytes: gzipBytes(beforePaintFiles(html, read)),
  };
  if (process.argv.includes('--print')) {
    process.stdout.write(`${JSON.stringify(measured)}\n`);
  }
  const over = overBudget(measured);
  if (over.length > 0) {
    console.error(`The web build is over its budget (scripts/lint/build-budget.mjs): ${over.join('; ')}.`);
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
