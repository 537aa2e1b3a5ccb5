import { type Kysely, type RawBuilder, sql } from 'kysely';
import { MIGRATION_LOCK_KEY } from './migrate.ts';
import type { DB } from './schema.ts';

/**
 * A table whose every change the audit log records, as a module declares it (`audited` in its index.ts).
 * `omit`: columns never copied into the log (a file's bytes).
 */
export type AuditedTable = { table: string; omit?: readonly string[] };

const EVENTS = [
  { event: 'INSERT', suffix: 'insert', transition: 'NEW TABLE AS new_rows' },
  { event: 'UPDATE', suffix: 'update', transition: 'OLD TABLE AS old_rows NEW TABLE AS new_rows' },
  { event: 'DELETE', suffix: 'delete', transition: 'OLD TABLE AS old_rows' },
] as const;

type Wanted = { table: string; name: string; create: string; call: string };

const quoted = (value: string) => `'${value.replaceAll("'", "''")}'`;
const identifier = (value: string) => `"${value.replaceAll('"', '""')}"`;

/**
 * Attaches migration 0015's audit_capture() to exactly the declared tables and detaches it from any other, at
 * start and under the migrations' lock (instances starting together agree). Statements run only for what
 * differs, so a start with nothing changed takes no table lock. A declared table must exist and have a
 * primary key: it is the log's row id.
 */
export async function attachAudit(db: Kysely<DB>, declared: readonly AuditedTable[]): Promise<void> {
  await db.transaction().execute(async (transaction) => {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(transaction);
    const tables = declared.map((audited) => audited.table);
    const keys = await sql<{ table: string; key: string[] }>`SELECT c.relname AS table,
        array_agg(a.attname::text ORDER BY k.position) AS key
      FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
        CROSS JOIN unnest(i.indkey) WITH ORDINALITY AS k(attnum, position)
        JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
      WHERE i.indisprimary AND c.relnamespace = current_schema()::regnamespace
        AND c.relname = ANY (${tables}::text[])
      GROUP BY c.relname`.execute(transaction.withoutPlugins());
    const keyOf = new Map(keys.rows.map((row) => [row.table, row.key]));
    const wanted: Wanted[] = declared.flatMap(({ table, omit = [] }) => {
      const key = keyOf.get(table);
      if (key === undefined) {
        throw new Error(`audited table ${table} does not exist or has no primary key`);
      }
      const call = `audit_capture(${quoted(key.join(','))}, ${quoted(omit.join(','))})`;
      return EVENTS.map(({ event, suffix, transition }) => {
        const name = `${table}_audit_${suffix}`;
        return {
          table,
          name,
          call,
          create: `CREATE OR REPLACE TRIGGER ${identifier(name)} AFTER ${event} ON ${identifier(table)}
            REFERENCING ${transition} FOR EACH STATEMENT EXECUTE FUNCTION ${call}`,
        };
      });
    });
    const present = await sql<{ table: string; name: string; definition: string }>`SELECT
        c.relname AS table, t.tgname AS name, pg_get_triggerdef(t.oid) AS definition
      FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
      WHERE p.proname = 'audit_capture'`.execute(transaction.withoutPlugins());
    const statements = [
      ...present.rows
        .filter((row) => !wanted.some((want) => want.table === row.table && want.name === row.name))
        .map((row) => `DROP TRIGGER ${identifier(row.name)} ON ${identifier(row.table)}`),
      ...wanted
        .filter(
          (want) =>
            !present.rows.some(
              (row) =>
                row.table === want.table && row.name === want.name && row.definition.endsWith(want.call),
            ),
        )
        .map((want) => want.create),
    ];
    for (const statement of statements) {
      await sql.raw(statement).execute(transaction);
    }
  });
}

type Image = Record<string, unknown> | null;

/**
 * Every audit entry of the rows of `table` one of whose entries `about` holds for (a predicate over an
 * entry's image of its row, each column as text): a scan of the table's entries, for an erasure, which is rare.
 */
export async function auditEntriesAbout(
  db: Kysely<DB>,
  table: string,
  about: (column: (name: string) => RawBuilder<unknown>) => RawBuilder<unknown>,
): Promise<{ rowId: string; before: Image; after: Image }[]> {
  const found = await sql<{
    rowId: string;
    before: Image;
    after: Image;
  }>`SELECT row_id AS "rowId", before, after
    FROM audit_log WHERE table_name = ${table} AND row_id IN (
      SELECT a.row_id FROM audit_log a CROSS JOIN LATERAL (VALUES (a.before), (a.after)) AS i(image)
      WHERE a.table_name = ${table} AND i.image IS NOT NULL
        AND ${about((name) => sql`(i.image ->> ${name})`)})`.execute(db.withoutPlugins());
  return found.rows;
}

/**
 * Replaces an actor by another in every entry it made (an erased person's sign-in names their account): the
 * append-only guard opened for this one statement, as audit_pseudonymise (migration 0028) opens it.
 */
export async function pseudonymiseAuditActor(db: Kysely<DB>, from: string, to: string): Promise<void> {
  await sql`SELECT set_config('parkhere.audit_pseudonymise', 'on', true)`.execute(db);
  await sql`UPDATE audit_log SET actor = ${to} WHERE actor = ${from}`.execute(db);
  await sql`SELECT set_config('parkhere.audit_pseudonymise', '', true)`.execute(db);
}

/**
 * Replaces the values `replacements` names (old value → pseudonym, or null) in the entries of the rows of `table`:
 * migration 0028's audit_pseudonymise, the one rewrite the append-only log allows.
 */
export async function pseudonymiseAudit(
  db: Kysely<DB>,
  table: string,
  rowIds: readonly string[],
  replacements: Readonly<Record<string, string | null>>,
): Promise<void> {
  await sql`SELECT audit_pseudonymise(${table}, ${rowIds}::text[], ${JSON.stringify(replacements)}::jsonb)`.execute(
    db,
  );
}

/**
 * Removes up to `batch` of the oldest entries from before `before` (the log's retention): migration 0032's
 * audit_prune, the one removal the append-only log allows. How many went; fewer than `batch` when none are left.
 */
export async function pruneAudit(db: Kysely<DB>, before: Date, batch: number): Promise<number> {
  const pruned = await sql<{
    removed: number;
  }>`SELECT audit_prune(${before}::timestamptz, ${batch}) AS removed`.execute(db);
  return Number(pruned.rows[0]?.removed ?? 0);
}
