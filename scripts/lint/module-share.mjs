// The hub budget (README "Who may import whom, and the budgets"): no server module holds more than
// MAX_SHARE of the modules' source lines. One module that every feature grows into was how [Architecture]'s
// shape bent before (reservations held 55 %); a feature that tips it belongs in a module of its own.
// Prints each module's share, and the modules over budget, and exits 1 when there is any.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export const MAX_SHARE = 0.35;
const MODULES = 'packages/server/src/modules';

const isSource = (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name);
const linesOf = (text) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** Lines of non-test source per module, from `{ path, text }` files under the modules folder. */
export function sharesOf(files) {
  const lines = new Map();
  for (const { path, text } of files) {
    const module = path.split('/')[0];
    lines.set(module, (lines.get(module) ?? 0) + linesOf(text));
  }
  const total = [...lines.values()].reduce((sum, count) => sum + count, 0);
  return [...lines]
    .map(([module, count]) => ({ module, lines: count, share: total === 0 ? 0 : count / total }))
    .sort((left, right) => right.share - left.share);
}

/** The modules over MAX_SHARE. */
export const overBudget = (files) => sharesOf(files).filter((entry) => entry.share > MAX_SHARE);

function sourceFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && isSource(entry.name))
    .map((entry) => {
      const full = join(entry.parentPath, entry.name);
      return { path: relative(dir, full).split(sep).join('/'), text: readFileSync(full, 'utf8') };
    });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const over = overBudget(sourceFiles(MODULES));
  for (const { module, lines, share } of over) {
    process.stderr.write(
      `${MODULES}/${module}: ${lines} lines, ${(share * 100).toFixed(1)} % of the modules (budget ${MAX_SHARE * 100} %)\n`,
    );
  }
  process.exit(over.length === 0 ? 0 : 1);
}
