// Checks who names what on the server (README "Who may import whom"): a table, its constraints and indexes
// only inside the table's owner (table-owners.mjs); a module's job or mail kind nowhere in platform/ or engine/.
// Prints `file:line` of each violation and exits 1 when there is any.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { knownExceptions, tables } from './table-owners.mjs';

const SERVER = 'packages/server/src/';
const MIGRATIONS = `${SERVER}platform/db/migrations/`;
/** A table in SQL text; the keyword tells a write (`DELETE FROM`, `INTO`, `UPDATE`, `TABLE`) from a read. */
const SQL_TABLE =
  /\b(DELETE\s+FROM|FROM|JOIN|INTO|UPDATE|TABLE|TRUNCATE)\s+(?:ONLY\s+)?"?([a-z_][a-z0-9_]*)\b/gi;
const READS = /^(FROM|JOIN)$/i;
const KYSELY_READS = new Set(['selectFrom', 'innerJoin', 'leftJoin', 'rightJoin', 'fullJoin']);
const KYSELY_WRITES = new Set(['insertInto', 'updateTable', 'deleteFrom', 'mergeInto']);
/** `area.action`: the shape of a job kind (and of a Kysely `table.column`, which is a module's name too). */
const JOB_KIND = /^[a-z]+\.[a-z][a-zA-Z-]*$/;

const snakeCase = (name) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const lineAt = (text, offset) => text.slice(0, offset).split('\n').length;

/** The tables the migrations create and, for each constraint or index they name, its table. */
export function schemaOf(sqlTexts) {
  const tables = new Set();
  const constraints = new Map();
  for (const sqlText of sqlTexts) {
    const text = sqlText.replace(/--.*$/gm, '');
    let table;
    const statement =
      /\b(?:CREATE TABLE(?: IF NOT EXISTS)?|ALTER TABLE(?: IF EXISTS)?)\s+([a-z_][a-z0-9_]*)|\bCONSTRAINT\s+([a-z_][a-z0-9_]*)|\bCREATE (?:UNIQUE )?INDEX(?: IF NOT EXISTS)?\s+([a-z_][a-z0-9_]*)\s+ON\s+([a-z_][a-z0-9_]*)/gi;
    for (const m of text.matchAll(statement)) {
      if (m[1]) {
        table = m[1];
        if (/^CREATE/i.test(m[0])) tables.add(table);
      } else if (m[2] && table) {
        constraints.set(m[2], table);
      } else if (m[3]) {
        constraints.set(m[3], m[4]);
      }
    }
  }
  return { tables, constraints };
}

/**
 * What a TypeScript file names: tables (in SQL text, Kysely calls and `table:` of an engine source) and words
 * (string literals and property names, for constraints and job kinds), each with its line.
 */
export function namesIn(path, text) {
  const source = ts.createSourceFile(
    path,
    text,
    ts.ScriptTarget.Latest,
    true,
    path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const tables = [];
  const words = [];
  const at = (node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      const raw = node.getText(source);
      const start = node.getStart(source);
      for (const m of raw.matchAll(SQL_TABLE)) {
        tables.push({ name: m[2], line: lineAt(text, start + m.index), writes: !READS.test(m[1]) });
      }
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
        words.push({ name: node.text, line: at(node) });
      } else {
        for (const m of raw.matchAll(/[a-z_][a-z0-9_]*/g)) {
          words.push({ name: m[0], line: lineAt(text, start + m.index) });
        }
      }
    }
    const method =
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text;
    if (
      method &&
      (KYSELY_READS.has(method) || KYSELY_WRITES.has(method)) &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      const table = node.arguments[0].text.split(/\s+/)[0];
      tables.push({ name: snakeCase(table), line: at(node.arguments[0]), writes: KYSELY_WRITES.has(method) });
    }
    // An engine source's table: the engine reads and writes it.
    if (
      ts.isPropertyAssignment(node) &&
      node.name.getText(source) === 'table' &&
      ts.isStringLiteral(node.initializer)
    ) {
      tables.push({ name: node.initializer.text, line: at(node.initializer), writes: true });
    }
    if ((ts.isPropertyAssignment(node) || ts.isPropertySignature(node)) && ts.isIdentifier(node.name)) {
      words.push({ name: node.name.text, line: at(node.name) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { tables, words };
}

const within = (path, part) => {
  const local = path.slice(SERVER.length);
  return local === part || local.startsWith(`${part}/`);
};
const moduleOf = (path) => path.slice(SERVER.length).match(/^modules\/[^/]+/)?.[0];
const isPlatformOrEngine = (part) => /^(platform|engine)(\/|$)/.test(part);

/**
 * Every name a file uses that another part owns. `files` are the server's TypeScript files ({ path, text },
 * paths from the repository's root); `schema` is `schemaOf` the migrations; `tables` maps a table to
 * `{ owner, readBy }` (table-owners.mjs).
 */
export function violationsOf({ files, schema, tables, exceptions = [] }) {
  const found = [];
  for (const table of schema.tables) {
    if (!tables[table])
      found.push(`${MIGRATIONS}: table ${table} has no owner in scripts/lint/table-owners.mjs`);
  }
  for (const [table, { owner, readBy = [] }] of Object.entries(tables)) {
    for (const reader of readBy) {
      if (isPlatformOrEngine(reader) && !isPlatformOrEngine(owner)) {
        found.push(
          `scripts/lint/table-owners.mjs: ${reader} may not read ${table}: platform knows no module`,
        );
      }
    }
  }
  const named = files.map((file) => ({ ...file, ...namesIn(file.path, file.text) }));
  // A module's job kinds: the job-kind-shaped strings its files use.
  const jobKinds = new Map();
  for (const file of named) {
    const module = moduleOf(file.path);
    if (!module) continue;
    for (const word of file.words) if (JOB_KIND.test(word.name)) jobKinds.set(word.name, module);
  }
  // A module's mail kinds: what its `mail.<kind>` jobs send.
  const mailKinds = new Map(
    [...jobKinds]
      .filter(([kind]) => kind.startsWith('mail.'))
      .map(([kind, module]) => [kind.slice(5), module]),
  );
  const used = new Set();
  const report = (path, line, message, name) => {
    const exception = exceptions.find((e) => e.file === path && (e.name === '*' || e.name === name));
    if (exception) used.add(exception);
    else found.push(`${path}:${line}: ${message}`);
  };
  for (const file of named) {
    for (const { name, line, writes } of file.tables) {
      const table = schema.tables.has(name) && tables[name];
      if (!table || within(file.path, table.owner)) continue;
      if (writes) {
        report(file.path, line, `writes table ${name}, which only ${table.owner} may write`, name);
      } else if (!(table.readBy ?? []).some((reader) => within(file.path, reader))) {
        report(
          file.path,
          line,
          `reads table ${name} of ${table.owner}, which does not list it as a reader`,
          name,
        );
      }
    }
    for (const { name, line } of file.words) {
      const table = schema.constraints.get(name);
      const owner = table && tables[table]?.owner;
      if (owner && !within(file.path, owner)) {
        report(file.path, line, `names ${name} of table ${table}, which ${owner} owns`, name);
      }
      if (isPlatformOrEngine(file.path.slice(SERVER.length))) {
        if (jobKinds.has(name))
          report(file.path, line, `names ${jobKinds.get(name)}'s job kind '${name}'`, name);
        if (mailKinds.has(name))
          report(file.path, line, `names ${mailKinds.get(name)}'s mail kind '${name}'`, name);
      }
    }
  }
  for (const e of exceptions) {
    if (!used.has(e)) found.push(`${e.file}: names ${e.name} no longer: remove it from the known exceptions`);
  }
  return [...new Set(found)];
}

function main() {
  const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
  const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', SERVER], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean);
  const read = (path) => ({ path, text: readFileSync(join(root, path), 'utf8') });
  // Tests and the demo data seed and inspect rows of every table, as a fixture does.
  const files = tracked
    .filter(
      (path) => /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path) && !path.startsWith(`${SERVER}demo/`),
    )
    .filter((path) => existsSync(join(root, path)))
    .map(read);
  const migrations = tracked.filter((path) => path.startsWith(MIGRATIONS) && path.endsWith('.sql'));
  const schema = schemaOf(migrations.map((path) => read(path).text));
  const found = violationsOf({ files, schema, tables, exceptions: knownExceptions });
  for (const line of found) console.error(line);
  if (found.length > 0) {
    console.error(`\n${found.length} problems of who names what (scripts/lint/table-owners.mjs)`);
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
