import { describe, expect, it } from 'vitest';
import { beforePaintFiles, dashboardFiles, htmlScripts, importsOf, overBudget } from './build-budget.mjs';

const html = [
  '<script type="module" crossorigin src="/assets/main-a1.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/react-b2.js">',
  '<link rel="stylesheet" crossorigin href="/assets/main-c3.css">',
  '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/react-b2.js">',
].join('\n');

const chunks = {
  'main-a1.js':
    'import{t as e}from"./react-b2.js";import"./polyfill-d4.js";const p={dashboard:()=>import("./DashboardPage-e5.js"),users:()=>import("./UsersTablePage-f6.js")};',
  'react-b2.js': 'export const t=1;',
  'polyfill-d4.js': '',
  'DashboardPage-e5.js': 'import{t}from"./react-b2.js";const c=import("./DashboardContent-g7.js");',
  'DashboardContent-g7.js': 'import{x}from"./shared-h8.js";const d=()=>import(`./Dialog-i9.js`);',
  'shared-h8.js': '',
  'Dialog-i9.js': '',
  'UsersTablePage-f6.js': 'import"./DataGrid-j0.js";',
  'DataGrid-j0.js': '',
};

describe("the web build's budget", () => {
  it("finds index.html's scripts and each import, static or dynamic", () => {
    expect(htmlScripts(html)).toEqual(['main-a1.js', 'react-b2.js']);
    expect(importsOf(chunks['main-a1.js'])).toEqual({
      static: ['react-b2.js', 'polyfill-d4.js'],
      dynamic: ['DashboardPage-e5.js', 'UsersTablePage-f6.js'],
    });
  });

  it('finds what evaluates before the first paint: the entry and its static imports, through one another too', () => {
    const read = (file) =>
      ({ ...chunks, 'react-b2.js': 'import"./scheduler-k1.js";', 'scheduler-k1.js': '' })[file];
    expect([...beforePaintFiles(html, read)].sort()).toEqual([
      'main-a1.js',
      'polyfill-d4.js',
      'react-b2.js',
      'scheduler-k1.js',
    ]);
  });

  it("counts what the dashboard may load, lazily too, and not another route's page", () => {
    expect([...dashboardFiles(html, (file) => chunks[file])].sort()).toEqual([
      'DashboardContent-g7.js',
      'DashboardPage-e5.js',
      'Dialog-i9.js',
      'main-a1.js',
      'polyfill-d4.js',
      'react-b2.js',
      'shared-h8.js',
    ]);
  });

  it('says which figure is over its budget', () => {
    const budget = { startGzipBytes: 100 * 1024, dashboardFiles: 120, beforePaintGzipBytes: 4 * 1024 };
    expect(
      overBudget({ startGzipBytes: 100 * 1024, dashboardFiles: 120, beforePaintGzipBytes: 4 * 1024 }, budget),
    ).toEqual([]);
    expect(
      overBudget({ startGzipBytes: 101 * 1024, dashboardFiles: 121, beforePaintGzipBytes: 5 * 1024 }, budget),
    ).toEqual([
      "the start's code is 101.0 KB gzip, over its 100.0 KB: load what the first screen does not need lazily",
      'the dashboard may load 121 JavaScript files, over its 120: each is a request and a task on a phone',
      'the entry and its static imports are 5.0 KB gzip, over its 4.0 KB: they evaluate before the start screen paints, so import the rest after it (main.tsx)',
    ]);
  });
});
