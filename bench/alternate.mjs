// Runs one benchmark in two checkouts of this repository by turns (A, B, A, B, …), so that both see the
// same machine, and prints each run's figures side by side. A change is compared with its base this way.
// Usage: node bench/alternate.mjs <checkout A> <checkout B> <npm script, e.g. bench:reserve> [rounds = 2]
//        [-- arguments for the script, e.g. --only dashboard,admin --cpu-slowdown 2]
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const separator = process.argv.indexOf('--');
const positional = separator < 0 ? process.argv.slice(2) : process.argv.slice(2, separator);
const scriptArguments = separator < 0 ? [] : process.argv.slice(separator + 1);
const [first, second, script, roundsText = '2'] = positional;
if (!first || !second || !script) {
  process.stderr.write(
    'usage: node bench/alternate.mjs <checkout A> <checkout B> <npm script> [rounds] [-- script arguments]\n',
  );
  process.exit(2);
}
const checkouts = [path.resolve(first), path.resolve(second)];
const rounds = Number(roundsText);
// Lines that carry figures: the machine line, the per-case lines and the titles above them (Lighthouse's pages),
// not blank or other header lines.
const figureLine = /\d+(\.\d+)? ?(ms|\/s)|PASS|FAIL|load|benchmarkIndex|median of/;

for (let round = 1; round <= rounds; round += 1) {
  for (const checkout of checkouts) {
    const started = Date.now();
    const run = spawnSync('npm', ['run', '--silent', script, '--', ...scriptArguments], {
      cwd: checkout,
      encoding: 'utf8',
      env: process.env,
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    process.stdout.write(`\n## round ${round}, ${checkout} (${seconds} s, exit ${run.status})\n`);
    const lines = (run.stdout ?? '').split('\n').filter((line) => figureLine.test(line));
    process.stdout.write(`${lines.join('\n')}\n`);
    if (run.status !== 0) {
      process.stdout.write(`${(run.stderr ?? '').split('\n').slice(-10).join('\n')}\n`);
    }
  }
}
