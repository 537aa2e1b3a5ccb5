// Installs what only `npm run lint` needs (scripts/lint/tools/package.json: dependency-cruiser, jscpd) into
// scripts/lint/tools/node_modules on first use, then runs the named tool from there with the arguments given:
// `node scripts/lint/tools.mjs jscpd --silent`. They stay out of the app's `npm ci` (about 120 packages, 23 MB).
// dependency-cruiser finds the repository's TypeScript in the root node_modules, above its own.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { installOnDemand } from '../install-on-demand.mjs';

const tools = join(import.meta.dirname, 'tools');
const [tool, ...args] = process.argv.slice(2);
// A checkout installed before the tools moved here still has them in its root node_modules: used as they are,
// so its next lint does not wait for an install.
const installedAtRoot = join(import.meta.dirname, '../../node_modules/.bin', tool);
const bin = existsSync(installedAtRoot) ? installedAtRoot : join(tools, 'node_modules/.bin', tool);
if (bin !== installedAtRoot) {
  installOnDemand(tools, "the lint checks' tools");
}
const { status } = spawnSync(bin, args, { stdio: 'inherit' });
process.exit(status ?? 1);
