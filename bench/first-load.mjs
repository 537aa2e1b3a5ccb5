// First-load JavaScript (gzip -9) of the built web app: the dashboard (index.html's scripts and their static
// imports) and each lazily loaded page on top of it. Usage: node bench/first-load.mjs [packages/web/dist]
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? 'packages/web/dist';
const assets = join(dist, 'assets');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((match) => match[1]);
const imports = (file) =>
  [...readFileSync(join(assets, file), 'utf8').matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map(
    (match) => match[1],
  );
const closure = (files, seen = new Set()) => {
  for (const file of files) {
    if (!seen.has(file)) {
      seen.add(file);
      closure(imports(file), seen);
    }
  }
  return seen;
};
const gzip = (files) =>
  [...files].reduce((sum, file) => sum + gzipSync(readFileSync(join(assets, file)), { level: 9 }).length, 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const dashboard = closure(entry);
const hasGrid = [...dashboard].some((file) =>
  readFileSync(join(assets, file), 'utf8').includes('MuiDataGrid'),
);
process.stdout.write(`dashboard: ${kb(gzip(dashboard))} (data grid included: ${hasGrid})\n`);
// What a page imports lazily on render (the data table behind a table page) counts for that page too.
const dynamicImports = (files) =>
  [...files].flatMap((file) =>
    [...readFileSync(join(assets, file), 'utf8').matchAll(/import\(\s*["`]\.\/([^"`]+\.js)["`]\s*\)/g)].map(
      (match) => match[1],
    ),
  );
for (const page of readdirSync(assets).filter((file) => /Page-[\w-]+\.js$/.test(file))) {
  const all = closure([page], new Set(dashboard));
  let added = dynamicImports([...all].filter((file) => !dashboard.has(file)));
  while (added.some((file) => !all.has(file))) {
    const fresh = added.filter((file) => !all.has(file));
    closure(fresh, all);
    added = dynamicImports(fresh);
  }
  process.stdout.write(`${page.replace(/-[\w-]+\.js$/, '')}: ${kb(gzip(all))}\n`);
}
