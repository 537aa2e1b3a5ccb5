// Installs what only the benchmarks need (bench/package.json: Lighthouse, Puppeteer, undici) into bench/node_modules
// on first use, and again when bench/package-lock.json changed, so the app's own `npm ci` stays without them
// (about 200 packages and 190 MB). The bench:* scripts that need them run this first.
import { installOnDemand } from '../scripts/install-on-demand.mjs';

installOnDemand(import.meta.dirname, "the benchmarks' tools");
