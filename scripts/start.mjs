// Serves an installed checkout: builds the web app first when its build is missing or older than its sources.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'packages/web');
const stamp = join(web, 'dist/index.html');
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

const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
if (builtAt < Math.max(...sources.map(newestMtime))) {
  console.warn(builtAt ? 'Web app sources changed: rebuilding…' : 'Building the web app…');
  const started = performance.now();
  // Vite's table of every chunk (hundreds of lines) is for who works on the web app (`npm run build`); starting
  // the app shows only warnings and errors and then one line.
  const quietBuild = ['run', '--silent', 'build', '-w', '@parkhere/web', '--', '--logLevel', 'warn'];
  const build = spawnSync('npm', quietBuild, { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    process.exit(build.status ?? 1);
  }
  console.warn(`Built the web app in ${Math.round((performance.now() - started) / 1000)} s.`);
}

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'packages/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
