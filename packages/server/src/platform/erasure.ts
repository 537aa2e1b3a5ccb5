import { type RawBuilder, sql } from 'kysely';
import { auditEntriesAbout, pseudonymiseAudit } from './db/audit.ts';
import type { Executor } from './db/executor.ts';
import type { LifecycleHandler } from './lifecycle.ts';
import type { PseudonymKind, Pseudonyms } from './pseudonyms.ts';

type Sql = RawBuilder<unknown>;

/** Which rows of a table are about the person, over a column accessor (the table's, or an audit image's). */
export type About = (column: (name: string) => Sql) => Sql;

/**
 * Pseudonymises columns of a module's rows and the audit log's entries about them, deleted rows' too. The
 * module names its table (with an `id` key), which rows are about the person and how each column's values are
 * replaced; a value without a pseudonym stays.
 */
export async function pseudonymiseRows(
  db: Executor,
  target: {
    table: string;
    rows: About;
    columns: Readonly<Record<string, PseudonymKind>>;
    pseudonyms: Pseudonyms;
  },
): Promise<void> {
  const { table, rows, columns, pseudonyms } = target;
  const names = Object.keys(columns);
  const current = await sql<Record<string, unknown>>`SELECT id::text AS id, ${sql.join(
    names.map((name) => sql.ref(name)),
  )} FROM ${sql.table(table)} WHERE ${rows((name) => sql.ref(name))} FOR UPDATE`.execute(db.withoutPlugins());
  const logged = await auditEntriesAbout(db, table, rows);
  for (const image of [
    ...current.rows,
    ...logged.flatMap((entry) => [entry.before ?? {}, entry.after ?? {}]),
  ]) {
    for (const [name, kind] of Object.entries(columns)) {
      const value = image[name];
      if (typeof value === 'string') {
        pseudonyms.of(kind, value);
      }
    }
  }
  const ids = current.rows.map((row) => String(row.id));
  const replacements = pseudonyms.replacements();
  if (ids.length > 0) {
    const map = JSON.stringify(replacements);
    await sql`UPDATE ${sql.table(table)} SET ${sql.join(
      names.map(
        (name) => sql`${sql.ref(name)} = coalesce(${map}::jsonb ->> ${sql.ref(name)}, ${sql.ref(name)})`,
      ),
    )} WHERE id = ANY (${ids}::bigint[])`.execute(db);
  }
  await pseudonymiseAudit(
    db,
    table,
    [...new Set([...ids, ...logged.map((entry) => entry.rowId)])],
    replacements,
  );
}

/**
 * A module's `userErased` hook for a table of rows a user owns (`owner`, their plates and guests in `columns`)
 * and that records who created or changed a row by email (`changedBy`, wherever the person's email is).
 */
export const erasureOf =
  (
    table: string,
    of: { owner?: string; columns?: Readonly<Record<string, PseudonymKind>>; changedBy?: readonly string[] },
  ): LifecycleHandler<'userErased'> =>
  async (db, { userId, email, pseudonyms }) => {
    const { owner, columns = {}, changedBy = [] } = of;
    if (owner !== undefined) {
      await pseudonymiseRows(db, {
        table,
        rows: (column) => sql`${column(owner)} = ${userId}`,
        columns,
        pseudonyms,
      });
    }
    if (changedBy.length > 0) {
      await pseudonymiseRows(db, {
        table,
        rows: (column) => sql`${email} IN (${sql.join(changedBy.map(column))})`,
        columns: Object.fromEntries(changedBy.map((name) => [name, 'known'])),
        pseudonyms,
      });
    }
  };
