// Checks that the server's SQL never expands `*` into columns (README, Production: rolling upgrades): each
// connection prepares the statements it runs, and PostgreSQL refuses to run a prepared statement whose result
// an expand migration changed ("cached plan must not change result type"), so a column added to a table
// would break the release still running. `SELECT *`, `alias.*`, `RETURNING *` in SQL text and Kysely's
// `selectAll`/`returningAll` are refused; `count(*)` and a comment are not SQL that expands anything. A `*`
// no result can see (a derived table the statement reads named columns of) is let through by a comment
// `no-star: <why>` on its line or the line before.
// Prints `file:line` of each and exits 1 when there is any.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SERVER = 'packages/server/src/';
/** `SELECT *` (DISTINCT too), `RETURNING *`, `, *`, `alias.*` (`"alias".*`, or `${alias}.*` after a substitution). */
const STAR = /\b(?:SELECT(?:\s+DISTINCT)?|RETURNING)\s+\*|,\s*\*|(?:[A-Za-z0-9_"]|^)\.\*/gi;
const KYSELY_STAR = new Set(['selectAll', 'returningAll']);
const WHY =
  'expands * into columns: name them (a running release must not see an added column; README, rolling upgrades)';

const lineAt = (text, offset) => text.slice(0, offset).split('\n').length;
/** The text with SQL comments (`-- …`, `/* … *\/`) blanked, so offsets keep their lines. */
const withoutSqlComments = (text) =>
  text.replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));

/** `file:line: why` of each `*` expansion in the SQL a TypeScript file's strings and templates hold. */
export function starsIn(path, text) {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found = [];
  const lines = text.split('\n');
  const report = (line, what) => {
    if (![lines[line - 2], lines[line - 1]].some((near) => /no-star: \S/.test(near ?? ''))) {
      found.push(`${path}:${line}: ${what} ${WHY}`);
    }
  };
  const visit = (node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      // The text after the opening quote, backtick or `}`: `.*` right after a substitution is an alias's.
      const start = node.getStart(source) + 1;
      const body = node.getText(source).slice(1);
      for (const m of withoutSqlComments(body).matchAll(STAR)) {
        report(lineAt(text, start + m.index), m[0].trim());
      }
    }
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      KYSELY_STAR.has(node.expression.name.text)
    ) {
      report(lineAt(text, node.expression.name.getStart(source)), `${node.expression.name.text}()`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function main() {
  const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', SERVER], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((path) => /\.ts$/.test(path) && !/\.test\.ts$/.test(path) && existsSync(join(root, path)));
  const found = files.flatMap((path) => starsIn(path, readFileSync(join(root, path), 'utf8')));
  for (const line of found) console.error(line);
  if (found.length > 0) {
    console.error(`\n${found.length} * expansions in the server's SQL (scripts/lint/no-star.mjs)`);
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
