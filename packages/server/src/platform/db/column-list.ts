import { type RawBuilder, sql } from 'kysely';

/*
 * A statement names the columns it answers, never `*` (`SELECT *`, `t.*`, `RETURNING *`): each connection
 * prepares what it runs (prepared-statements.ts), and during a rolling upgrade an expand migration adds a column
 * to a table the running release reads, which PostgreSQL refuses to answer through a statement prepared before
 * ("cached plan must not change result type"). `npm run lint:no-star` keeps it so (scripts/lint/no-star.mjs).
 */

/** `alias.column, …` of `columns` (camelCase as Kysely reads them, or snake_case): a table's columns, named. */
export const columnsOf = (alias: string, columns: readonly string[]): RawBuilder<unknown> =>
  sql.raw(
    columns
      .map((column) => `${alias}.${column.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}`)
      .join(', '),
  );
