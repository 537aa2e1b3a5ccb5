// The floor under bench:lighthouse's figures: three pages that do next to nothing, built and served apart from the
// app (bench/floor/), for Lighthouse to measure beside it in the same browser and hour. What they score is what the
// machine and the framework cost before the app does anything: a page of static text, React alone rendering five
// sections, and the same five in MUI under an app bar.
import { join } from 'node:path';
import { build, preview } from 'vite';

const root = join(import.meta.dirname, 'floor');
const outDir = join(import.meta.dirname, '..', '.tmp', 'bench-floor');

export const FLOOR_PAGES = [
  { file: 'static.html', title: 'floor: static text, no script' },
  { file: 'react.html', title: 'floor: React, five sections' },
  { file: 'mui.html', title: 'floor: MUI, an app bar and five cards' },
];

/** Builds the floor pages for production and serves them on a free port; `close` stops the server. */
export async function serveFloor() {
  // Quiet: MUI's modules each carry a "use client" directive, and the bundler warns of every one.
  const shared = { root, configFile: false, logLevel: 'error' };
  const input = Object.fromEntries(FLOOR_PAGES.map(({ file }) => [file, join(root, file)]));
  await build({ ...shared, build: { outDir, emptyOutDir: true, rolldownOptions: { input } } });
  const server = await preview({ ...shared, build: { outDir }, preview: { port: 0, host: '127.0.0.1' } });
  const base = server.resolvedUrls.local[0].replace(/\/$/, '');
  return { base, close: () => server.close() };
}
