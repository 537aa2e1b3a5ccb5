// Checks that a migration changes no rows of its tables in bulk (README, Production: rolling upgrades). Pending
// migrations run in one transaction that first locks every table (platform/db/migrate.ts), so a statement
// filling or rewriting existing rows (`UPDATE`, `DELETE`, `INSERT … SELECT`) holds every request of every
// instance for as long as it runs, and grows with the data. Such a backfill belongs in a job after the migration
// (the expand/contract way); one that is bounded whatever the data (a table the same migration made, a handful
// of configuration rows) is let through by a comment `bounded: <why>` in the statement or on the line before.
// Function and trigger bodies ($$ … $$) run later, row by row, and are not checked. The migrations before
// FIRST_CHECKED ran before this rule and stay as applied. Prints `file:line` of each and exits 1 when there is any.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MIGRATIONS = 'packages/server/src/platform/db/migrations';
const FIRST_CHECKED = 51;
const WHY =
  'changes existing rows while the migration holds every table: run it as a job after the migration, or say why it is bounded (`-- bounded: <why>`)';

/** The text with comments and dollar-quoted bodies blanked (lines kept), so only top-level SQL is left. */
const topLevel = (text) =>
  text.replace(/--[^\n]*|\/\*[\s\S]*?\*\/|(\$[A-Za-z_]*\$)[\s\S]*?\1/g, (part) =>
    part.replace(/[^\n]/g, ' '),
  );

const lineAt = (text, offset) => text.slice(0, offset).split('\n').length;

/** What kind of bulk change a statement is, or undefined. */
function bulkChange(statement) {
  const words = statement.trim().replace(/\s+/g, ' ').toUpperCase();
  if (/^(WITH\b.*\b)?UPDATE\b/.test(words)) return 'UPDATE';
  if (/^(WITH\b.*\b)?DELETE FROM\b/.test(words)) return 'DELETE';
  if (/^(WITH\b.*\b)?INSERT INTO\b/.test(words) && /\bSELECT\b/.test(words)) return 'INSERT … SELECT';
  return undefined;
}

/** `file:line: what why` of each bulk change among a migration's top-level statements. */
export function backfillsIn(path, text) {
  const plain = topLevel(text);
  const lines = text.split('\n');
  const found = [];
  let start = 0;
  for (const statement of plain.split(';')) {
    const kind = bulkChange(statement);
    const offset = start + (statement.length - statement.trimStart().length);
    start += statement.length + 1;
    if (kind === undefined) continue;
    const first = lineAt(text, offset);
    const last = lineAt(text, start - 1);
    // The statement's own lines (its comments are blanked in `plain`, not in `text`) and the line before it.
    if (!lines.slice(first - 2 < 0 ? 0 : first - 2, last).some((line) => /bounded: \S/.test(line))) {
      found.push(`${path}:${first}: ${kind} ${WHY}`);
    }
  }
  return found;
}

function main() {
  const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
  const found = readdirSync(join(root, MIGRATIONS))
    .filter((name) => /^\d{4}_.*\.sql$/.test(name) && Number(name.slice(0, 4)) >= FIRST_CHECKED)
    .sort()
    .flatMap((name) =>
      backfillsIn(`${MIGRATIONS}/${name}`, readFileSync(join(root, MIGRATIONS, name), 'utf8')),
    );
  for (const line of found) console.error(line);
  if (found.length > 0) {
    console.error(
      `\n${found.length} bulk changes of existing rows in migrations (scripts/lint/migration-backfills.mjs)`,
    );
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
