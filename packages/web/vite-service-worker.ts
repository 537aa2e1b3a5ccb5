import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { build, type Plugin } from 'vite';

/*
 * The installable app without a PWA framework: the web app manifest, its <link>, and the service worker
 * (src/offline/serviceWorker.ts) built after the app with the build's files as its precache list, the way
 * Workbox's injectManifest does, on Workbox's own runtime packages alone.
 */

/** The build's files the worker precaches: the shell, every chunk, the fonts, both languages' texts. */
const PRECACHED = /\.(js|css|html|svg|png|woff2|json|webmanifest)$/;
const MAX_PRECACHED_BYTES = 3 * 1024 * 1024;
const WORKER = 'sw.js';

const filesUnder = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(folder, entry.name)) : [join(folder, entry.name)],
  );

/**
 * `{url, revision}` of each file to precache, as a script literal. Files under assets/ carry their content's
 * hash in their name (revision null); the others are versioned by the MD5 of their content.
 */
export function precacheList(outDir: string): string {
  const entries = filesUnder(outDir)
    .map((path) => relative(outDir, path).split(sep).join('/'))
    .filter((url) => PRECACHED.test(url) && url !== WORKER)
    .filter((url) => statSync(join(outDir, url)).size <= MAX_PRECACHED_BYTES)
    .sort()
    .map((url) => {
      const revision = url.startsWith('assets/')
        ? null
        : createHash('md5')
            .update(readFileSync(join(outDir, url)))
            .digest('hex');
      return `{url:${JSON.stringify(url)},revision:${JSON.stringify(revision)}}`;
    });
  return `[${entries.join(',')}]`;
}

export const serviceWorker = (manifest: Record<string, unknown>): Plugin => {
  let root = '';
  let outDir = '';
  return {
    name: 'parkhere:service-worker',
    apply: 'build',
    configResolved: (config) => {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    // The app's page only: the silent sign-in page opens in an invisible frame and is nothing to install.
    transformIndexHtml: (_html, { path }) =>
      path === '/index.html'
        ? [{ tag: 'link', attrs: { rel: 'manifest', href: '/manifest.webmanifest' }, injectTo: 'head' }]
        : [],
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: JSON.stringify(manifest) });
    },
    closeBundle: {
      sequential: true,
      handler: async () => {
        await build({
          configFile: false,
          root,
          logLevel: 'warn',
          publicDir: false,
          define: { 'process.env.NODE_ENV': JSON.stringify('production') },
          build: {
            outDir,
            emptyOutDir: false,
            copyPublicDir: false,
            lib: {
              entry: resolve(root, 'src/offline/serviceWorker.ts'),
              formats: ['iife'],
              name: 'parkhereWorker',
              fileName: () => WORKER,
            },
          },
        });
        const path = join(outDir, WORKER);
        const script = readFileSync(path, 'utf8');
        const withList = script.replace('self.__WB_MANIFEST', () => precacheList(outDir));
        if (withList === script) {
          throw new Error(`${WORKER} has no self.__WB_MANIFEST to put the precache list in`);
        }
        writeFileSync(path, withList);
      },
    },
  };
};
