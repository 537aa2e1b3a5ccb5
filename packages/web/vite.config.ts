/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { serviceWorker } from './vite-service-worker.ts';
import { preloadStart, staticImports } from './vite-start.ts';

const backend = 'http://localhost:8080';

/**
 * index.html's start screen carries the logo inline (`data-inline-logo`), so the first paint waits for no
 * second request on a slow network; public/favicon.svg stays the one source of the logo.
 */
const inlineStartLogo = (): Plugin => ({
  name: 'parkhere:inline-start-logo',
  transformIndexHtml: (html) =>
    html.replace(
      'data-inline-logo',
      `src="data:image/svg+xml,${encodeURIComponent(readFileSync(new URL('public/favicon.svg', import.meta.url), 'utf8'))}"`,
    ),
});

const closures = staticImports();
const startClosure = closures.of('/src/app/start.tsx');
/**
 * The start's modules. zod is among its imports only for the configuration the start imports first
 * (contract/without-eval.ts, a group of its own below): the start builds no schema, it imports the contract's
 * plain values ('@parkhere/contract/plain'), so the rest of zod loads with the screens' schemas.
 */
const inStart = (id: string) => startClosure(id) && !id.includes('/node_modules/zod/');
/**
 * The entry's (main.tsx's) own modules that the start imports too (nextTask.ts). In the start's chunk, they made
 * the entry import that chunk, and with it React and the libraries: all evaluated in one task before the start
 * screen's paint. They go with Vite's preload helper, the one chunk the entry shares with the start.
 */
const inEntry = closures.of('/src/main.tsx');
/**
 * The parts the start loads by itself, whatever the screen: the sign-in, then the dialogs (while idle). Each
 * gets what it needs beyond the start in a chunk of its own. In the chunk four screens share they made the
 * sign-in evaluate 600 KB it does not use, in one task (issue 31).
 */
const startParts = [
  { name: 'session', has: closures.of('/src/auth/OidcSession.tsx') },
  { name: 'dialogs', has: closures.of('/src/feedback/PendingDialog.tsx') },
].map(({ name, has }, index, parts) => ({
  name,
  test: (id: string) => has(id) && !inStart(id) && !parts.slice(0, index).some((earlier) => earlier.has(id)),
  priority: 1,
}));

/**
 * The code most screens share, a chunk each (the groups below), in the order src/app/screenCode.ts evaluates them
 * before a page's own, one per task: each chunk's imports are in the start or an earlier one of these.
 */
const screenCode = ['schemas', 'pickers', 'screens-shared'];

export default defineConfig({
  plugins: [
    react(),
    inlineStartLogo(),
    preloadStart({ screenCode }),
    closures.plugin,
    // The web app manifest and the service worker (sw.js): installable, and it opens offline.
    serviceWorker({
      id: '/',
      name: 'ParkHere',
      short_name: 'ParkHere',
      description: 'Workplace parking reservations',
      lang: 'en-US',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#DE4E0B',
      background_color: '#FFFFFF',
      icons: [
        { src: '/icons/pwa-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/pwa-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/pwa-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    }),
    // A .br and a .gz twin next to every built file worth compressing; the server picks one by Accept-Encoding
    // (platform/web/web-app.ts), so nothing is compressed per request.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  server: {
    // `vite` in development talks to a server started with `npm start`.
    proxy: { '/api': backend, '/idp': backend, '/ParkHere': backend },
  },
  build: {
    // The chunks are grouped on purpose (below), so a few are large; what a phone pays for is guarded by the
    // build budget in `npm run lint` (scripts/lint/build-budget.mjs: the start's bytes, the dashboard's files).
    // Vite's generic 500 kB notice printed on every first `npm start` and said nothing about either.
    chunkSizeWarningLimit: 700,
    modulePreload: {
      // The entry's chunks are preloaded by index.html. For a lazy chunk Vite would add one <link> per
      // dependency at run time, about 15 ms of main thread on the dashboard (TBT, issue 15); the browser fetches
      // a lazy chunk's imports itself instead.
      // The stylesheets stay: the start's font faces come with it (start.tsx).
      resolveDependencies: (_file, dependencies, { hostType }) =>
        hostType === 'html' ? dependencies : dependencies.filter((file) => file.endsWith('.css')),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Every screen and lazy part was its own chunk, and each set of them sharing a module got one more: the
          // dashboard loaded 131 files, most under 1 KB, and on a phone's HTTP/1.1 connections (six at a time,
          // each a round trip) the requests, not the bytes, decided when it showed (Lighthouse: LCP 7.5 s, issue
          // 31). So what the start needs is one chunk, and what four or more screens share is another, loaded
          // with the first screen that needs it (npm run bench:page-files counts a page's files and bytes).
          groups: [
            // zod's configuration, in a chunk the start evaluates first, before any of the contract's schemas:
            // built before it, a schema probes for eval, which the Content-Security-Policy blocks
            // (contract/without-eval.ts).
            { name: 'zod-configuration', test: /without-eval/, priority: 1 },
            // Vite's helper behind every import(), and the entry's modules the start shares: in a shared chunk,
            // they made the entry (main.tsx) import that whole chunk before the first paint.
            {
              name: 'entry-shared',
              test: (id) => /vite\/preload-helper/.test(id) || (inEntry(id) && startClosure(id)),
              priority: 4,
            },
            // Every module the start imports, however few chunks share it: a group takes a module's imports
            // with it, and the screens' group took react-dom, shared with only two screens, into the chunk the
            // start then had to evaluate whole.
            // The libraries among them apart from our code, React apart from the others: main.tsx has each
            // evaluated in a task of its own (together, 25 ms of processor here, 100 at Lighthouse's 4×).
            {
              name: 'react',
              test: (id) => inStart(id) && /\/node_modules\/(react|react-dom|scheduler)\//.test(id),
              priority: 3,
            },
            {
              name: 'start-libraries',
              test: (id) => inStart(id) && id.includes('/node_modules/'),
              priority: 2,
            },
            {
              name: 'shared',
              test: (id) => inStart(id) && !id.endsWith('/src/app/start.tsx'),
              priority: 1,
            },
            ...startParts,
            // The contract's schemas and zod, which the start no longer builds, apart from the screens' other
            // shared code: together they were over the chunk size the build warns about.
            { name: 'schemas', test: /\/packages\/contract\/src\/|\/node_modules\/zod\//, minShareCount: 4 },
            // The date pickers (with what of MUI only they use) apart from the rest: the three chunks a page
            // evaluated in one task were its longest (src/app/screenCode.ts).
            { name: 'pickers', test: /\/node_modules\/(@mui\/x-date-pickers|date-fns)\//, minShareCount: 2 },
            { name: 'screens-shared', test: /./, minShareCount: 4 },
          ],
        },
      },
      input: {
        main: fileURLToPath(new URL('index.html', import.meta.url)),
        // The hidden frame of a silent renew; a page of its own so the CSP needs no inline script.
        silentRenew: fileURLToPath(new URL('silent-renew.html', import.meta.url)),
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    testTimeout: 30_000,
  },
});
