import { sql } from 'kysely';
import type { Executor } from '../../src/platform/db/executor.ts';

/* Reading what the audit log recorded (migration 0015), for the tests of each entry point's stamp. */

export type AuditEntry = {
  actor: string;
  reason: string | null;
  table: string;
  rowId: string;
  action: 'INSERT' | 'UPDATE' | 'DELETE';
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/** The log's newest entry now: what a test does next is recorded after it. */
export const auditMark = async (db: Executor): Promise<string> => {
  const found = await sql<{ last: string }>`SELECT coalesce(max(id), 0)::text AS last FROM audit_log`.execute(
    db,
  );
  return found.rows[0]?.last ?? '0';
};

/** The entries recorded after `mark`, in order, of `table` when given. */
export const auditSince = async (db: Executor, mark: string, table?: string): Promise<AuditEntry[]> => {
  const found = await sql<AuditEntry>`SELECT actor, reason, table_name AS "table", row_id AS "rowId", action,
      before, after
    FROM audit_log WHERE id > ${mark}::bigint AND (${table ?? null}::text IS NULL OR table_name = ${table ?? null})
    ORDER BY id`.execute(db);
  return found.rows;
};
