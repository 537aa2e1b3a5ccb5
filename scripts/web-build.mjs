// The web app's build in packages/web/dist, made again only when it is missing or older than its sources: what
// `npm start` serves and what `npm run lint`'s build budget (scripts/lint/build-budget.mjs) measures.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'packages/web');
export const webDist = join(web, 'dist');
const stamp = join(webDist, 'index.html');
const ignored = new Set(['dist', 'node_modules']);
const sources = [web, join(root, 'packages/contract/src')];

function newestMtime(path) {
  if (!existsSync(path)) {
    return 0;
  }
  const stat = statSync(path);
  if (!stat.isDirectory()) {
    return stat.mtimeMs;
  }
  return readdirSync(path)
    .filter((name) => !ignored.has(name))
    .reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), 0);
}

/** Builds the web app when its build is missing or older than its sources; exits the process when it fails. */
export function buildWebIfStale() {
  const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  if (builtAt >= Math.max(...sources.map(newestMtime))) {
    return;
  }
  console.warn(builtAt ? 'Web app sources changed: rebuilding…' : 'Building the web app…');
  const started = performance.now();
  // Vite's table of every chunk (hundreds of lines) is for who works on the web app (`npm run build`); here only
  // warnings and errors show, and then one line.
  const quietBuild = ['run', '--silent', 'build', '-w', '@parkhere/web', '--', '--logLevel', 'warn'];
  const build = spawnSync('npm', quietBuild, { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    process.exit(build.status ?? 1);
  }
  console.warn(`Built the web app in ${Math.round((performance.now() - started) / 1000)} s.`);
}
