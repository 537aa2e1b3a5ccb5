// Installs what only the benchmarks need (bench/package.json: Lighthouse, Puppeteer, undici) into bench/node_modules
// on first use, and again when bench/package-lock.json changed, so the app's own `npm ci` stays without them
// (about 200 packages and 190 MB). The bench:* scripts that need them run this first.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';

const bench = import.meta.dirname;
const installed = join(bench, 'node_modules/.package-lock.json');
const lock = join(bench, 'package-lock.json');

if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(lock).mtimeMs) {
  console.warn("Installing the benchmarks' tools (bench/package.json)…");
  const { status } = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: bench, stdio: 'inherit' });
  if (status !== 0) {
    process.exit(status ?? 1);
  }
}
