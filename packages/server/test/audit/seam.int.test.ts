import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { auditedTables } from '../../src/audited.ts';
import { attachAudit } from '../../src/platform/db/audit.ts';
import { databaseOfFile } from '../world.ts';
import { auditMark, auditSince } from './audit-log.ts';

/* The seam itself: the capture sits on exactly the declared tables, unstamped changes are the system's, and
   nothing recorded can be changed. */

const { db } = await databaseOfFile({ demoData: true });

const auditTriggers = async (): Promise<string[]> => {
  const found = await sql<{ name: string }>`SELECT t.tgname AS name FROM pg_trigger t
    JOIN pg_proc p ON p.oid = t.tgfoid WHERE p.proname = 'audit_capture' ORDER BY 1`.execute(db);
  return found.rows.map((row) => row.name);
};

const expectedTriggers = (tables: readonly string[]) =>
  tables.flatMap((table) => ['delete', 'insert', 'update'].map((event) => `${table}_audit_${event}`)).sort();

describe('the audit seam', () => {
  it('captures exactly the tables the modules declare, and follows a changed declaration at start', async () => {
    const declared = auditedTables.map((audited) => audited.table);
    expect(declared).toEqual(expect.arrayContaining(['reservations', 'users', 'cars', 'files']));
    expect(await auditTriggers()).toEqual(expectedTriggers(declared));
    const fewer = auditedTables.filter((audited) => audited.table !== 'cars');
    await attachAudit(db, fewer);
    expect(await auditTriggers()).toEqual(expectedTriggers(fewer.map((audited) => audited.table)));
    await attachAudit(db, auditedTables);
    expect(await auditTriggers()).toEqual(expectedTriggers(declared));
    await expect(attachAudit(db, [{ table: 'no_such_table' }])).rejects.toThrow(/no_such_table/);
  });

  it('records a change made without a stamp as the system’s', async () => {
    const mark = await auditMark(db);
    await sql`UPDATE configuration SET max_days_in_advance = max_days_in_advance + 1`.execute(db);
    const entries = await auditSince(db, mark);
    expect(entries).toEqual([
      expect.objectContaining({
        actor: 'system',
        reason: null,
        table: 'configuration',
        rowId: '1',
        action: 'UPDATE',
      }),
    ]);
    expect(Object.keys(entries[0]?.after ?? {})).toEqual(['max_days_in_advance']);
  });

  it('keeps what it recorded: updating, deleting or truncating the log is refused', async () => {
    const mark = await auditMark(db);
    expect(Number(mark)).toBeGreaterThan(0);
    await expect(sql`UPDATE audit_log SET actor = 'someone else'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_log`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE audit_log`.execute(db)).rejects.toThrow(/append-only/);
    expect(await auditMark(db)).toBe(mark);
  });

  it('lets only the pruning remove entries, and only those older than its bound', async () => {
    await sql`INSERT INTO audit_log (at, actor, table_name, row_id, action)
      VALUES (now() - interval '25 months', 'system', 'cars', 'old', 'INSERT'),
        (now() - interval '23 months', 'system', 'cars', 'kept', 'INSERT')`.execute(db);
    const rowsOf = async (rowIds: string[]) =>
      (
        await sql<{ rowId: string }>`SELECT row_id AS "rowId" FROM audit_log
          WHERE row_id = ANY (${rowIds}::text[]) ORDER BY id`.execute(db)
      ).rows.map((row) => row.rowId);
    await expect(sql`DELETE FROM audit_log WHERE row_id = 'old'`.execute(db)).rejects.toThrow(/append-only/);
    const pruned = await sql<{ removed: number }>`SELECT audit_prune(now() - interval '24 months', 100)
      AS removed`.execute(db);
    expect(pruned.rows[0]?.removed).toBe(1);
    expect(await rowsOf(['old', 'kept'])).toEqual(['kept']);
    // The bound holds for the pruning's own statement only: a delete after it is refused again.
    await expect(sql`DELETE FROM audit_log WHERE row_id = 'kept'`.execute(db)).rejects.toThrow(/append-only/);
  });
});
