// Installs a folder's own package.json (tools only a benchmark or a lint check needs) into its node_modules on
// first use, and again when its package-lock.json changed, so the app's own `npm ci` stays without them.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Installs `folder`'s tools unless they are installed and current; exits the process when npm fails. */
export function installOnDemand(folder, what) {
  const installed = join(folder, 'node_modules/.package-lock.json');
  const lock = join(folder, 'package-lock.json');
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs) {
    return;
  }
  console.warn(`Installing ${what} (${join(folder, 'package.json')})…`);
  const { status } = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: folder, stdio: 'inherit' });
  if (status !== 0) {
    process.exit(status ?? 1);
  }
}
