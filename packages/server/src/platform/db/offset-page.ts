import { type RawBuilder, sql } from 'kysely';
import type { Executor } from './executor.ts';

type Sql = RawBuilder<unknown>;

export type OffsetPage = { offset: number; limit: number };

/**
 * One page of the rows `matched` names (an SQL `FROM … WHERE …` of the caller, so only the owner names its
 * table), in id order, and how many it names in all: offset paging, as SCIM's startIndex asks. A page of no rows
 * only counts.
 */
export async function offsetPage<Row>(
  db: Executor,
  columns: Sql,
  matched: Sql,
  page: OffsetPage,
): Promise<{ total: number; rows: Row[] }> {
  const total = await sql<{ total: string }>`SELECT count(*) AS total ${matched}`.execute(db);
  const rows =
    page.limit === 0
      ? []
      : (
          await sql<Row>`SELECT ${columns} ${matched} ORDER BY id LIMIT ${page.limit} OFFSET ${page.offset}`.execute(
            db,
          )
        ).rows;
  return { total: Number(total.rows[0]?.total ?? 0), rows };
}
