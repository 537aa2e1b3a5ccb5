import { type RawBuilder, sql } from 'kysely';
import type { Executor } from './executor.ts';

type Row = Readonly<Record<string, unknown>>;

/**
 * Rows by the columns they set, each group with the rows' places in `rows`: a column a row does not set takes
 * its DEFAULT, so only rows that set the same columns share a statement.
 */
const byColumns = (rows: readonly Row[]) => {
  const groups = new Map<string, { columns: string[]; places: number[] }>();
  for (const [place, row] of rows.entries()) {
    const columns = Object.keys(row);
    const key = columns.join(',');
    const group = groups.get(key) ?? groups.set(key, { columns, places: [] }).get(key);
    group?.places.push(place);
  }
  return [...groups.values()];
};

/**
 * One statement for a group's rows, however many: the rows travel as one JSON parameter that PostgreSQL reads
 * as rows of the table's own type (json_populate_recordset), so each value is read as its column's type, as a
 * parameter of an INSERT … VALUES is, and a bulk write costs one round trip instead of one a row.
 */
const insertOf = (table: string, columns: readonly string[], rows: readonly Row[]): RawBuilder<unknown> => {
  const names = sql.join(columns.map((column) => sql.raw(column)));
  return columns.length === 0
    ? sql`INSERT INTO ${sql.raw(table)} SELECT FROM generate_series(1, ${rows.length})`
    : sql`INSERT INTO ${sql.raw(table)} (${names})
        SELECT ${names} FROM json_populate_recordset(NULL::${sql.raw(table)}, ${JSON.stringify(rows)}::json)`;
};

/** Inserts rows (column → value) and answers their ids in the order of `rows`. */
export async function insertRows(db: Executor, table: string, rows: readonly Row[]): Promise<string[]> {
  const ids: string[] = [];
  for (const { columns, places } of byColumns(rows)) {
    const group = places.map((place) => rows[place] as Row);
    // The rows of an INSERT … SELECT from a function come back in the function's order.
    const inserted = await sql<{
      id: string | number;
    }>`${insertOf(table, columns, group)} RETURNING id`.execute(db);
    for (const [index, row] of inserted.rows.entries()) {
      ids[places[index] as number] = String(row.id);
    }
  }
  return ids;
}

/** Inserts link-table rows (owner and target) as insertRows does; a pair that is there already stays. */
export async function insertLinks(db: Executor, table: string, rows: readonly Row[]): Promise<void> {
  for (const { columns, places } of byColumns(rows)) {
    const group = places.map((place) => rows[place] as Row);
    await sql`${insertOf(table, columns, group)} ON CONFLICT DO NOTHING`.execute(db);
  }
}

/**
 * Updates stored rows (`id` and column → value), each row's version one more: one statement for the rows that
 * set the same columns, however many, the values read as the table's own columns (as insertRows reads them).
 */
export async function updateRows(db: Executor, table: string, rows: readonly Row[]): Promise<void> {
  for (const { columns, places } of byColumns(rows)) {
    const group = places.map((place) => rows[place] as Row);
    const assignments = columns
      .filter((column) => column !== 'id')
      .map((column) => sql`${sql.raw(column)} = p.${sql.raw(column)}`);
    await sql`UPDATE ${sql.raw(table)} o SET ${sql.join([...assignments, sql`version = o.version + 1`])}
      FROM json_populate_recordset(NULL::${sql.raw(table)}, ${JSON.stringify(group)}::json) p
      WHERE o.id = p.id`.execute(db);
  }
}

/** A link table: the owner's column and the target's. */
export type LinkTable = { table: string; ownerColumn: string; targetColumn: string };

/**
 * The links of each of `owners` set to exactly theirs among `pairs` ([owner, target]): the links an owner keeps
 * stay as they are, the others go, the new ones come. Two statements for all the owners, the values read as
 * the link table's own columns.
 */
export async function replaceLinks(
  db: Executor,
  { table, ownerColumn, targetColumn }: LinkTable,
  owners: readonly string[],
  pairs: readonly (readonly [string, string])[],
): Promise<void> {
  if (owners.length === 0) {
    return;
  }
  const rows = pairs.map(([owner, target]) => ({ [ownerColumn]: owner, [targetColumn]: target }));
  const owner = sql.raw(ownerColumn);
  const target = sql.raw(targetColumn);
  const recordsOf = (records: readonly Row[]) =>
    sql`json_populate_recordset(NULL::${sql.raw(table)}, ${JSON.stringify(records)}::json)`;
  await sql`DELETE FROM ${sql.raw(table)} l
    WHERE l.${owner} IN (SELECT p.${owner} FROM ${recordsOf(owners.map((id) => ({ [ownerColumn]: id })))} p)
      AND (l.${owner}, l.${target}) NOT IN (SELECT p.${owner}, p.${target} FROM ${recordsOf(rows)} p)`.execute(
    db,
  );
  await insertLinks(db, table, rows);
}
