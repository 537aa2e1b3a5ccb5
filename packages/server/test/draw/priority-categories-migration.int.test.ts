import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../src/platform/db/migrate.ts';
import { databaseOfFile } from '../world.ts';

/*
 * Migration 0026 holds draw_priorities.category to the contract's categories (ACCESSIBILITY, MEDICAL, CARPOOL).
 * A database from before may hold rows written around the API in other spellings: they are brought to the
 * list before the constraint is added, so the migration runs on such a database too.
 */

const { db } = await databaseOfFile({ demoData: true });

const userId = async (email: string) =>
  (await sql<{ id: string }>`SELECT id::text AS id FROM users WHERE email = ${email}`.execute(db)).rows[0]
    ?.id;

const give = (user: string | undefined, category: string, expires: string) =>
  sql`INSERT INTO draw_priorities (user_id, category, expires)
    VALUES (${user}::bigint, ${category}, ${expires}::date)`.execute(db);

describe('migration 0026: draw priority categories', () => {
  it('spells the categories as the contract does, one row a category, the latest expiry kept; drops the rest', async () => {
    // The database as migration 0025 left it.
    await sql`ALTER TABLE draw_priorities DROP CONSTRAINT draw_priorities_category_check`.execute(db);
    await sql`ALTER TABLE draw_priorities ADD CONSTRAINT draw_priorities_category_check
      CHECK (length(category) BETWEEN 1 AND 64)`.execute(db);
    await sql`DELETE FROM schema_migrations WHERE version = '0026'`.execute(db);
    const user = await userId('user@parkhere.example');
    const quick = await userId('quick@parkhere.example');
    await give(user, 'ACCESSIBILITY', '2026-12-31');
    await give(user, 'accessibility', '2027-03-31');
    await give(user, ' Medical ', '2027-01-31');
    await give(user, 'diabetes', '2027-01-31');
    await give(quick, 'carpool', '2026-12-31');
    await give(quick, 'Carpool', '2027-06-30');

    expect(await migrate(db)).toEqual(['0026']);

    const rows = await sql<{ email: string; category: string; expires: string }>`SELECT u.email, p.category,
        to_char(p.expires, 'YYYY-MM-DD') AS expires
      FROM draw_priorities p JOIN users u ON u.id = p.user_id ORDER BY u.email, p.category`.execute(db);
    expect(rows.rows).toEqual([
      { email: 'quick@parkhere.example', category: 'CARPOOL', expires: '2027-06-30' },
      { email: 'user@parkhere.example', category: 'ACCESSIBILITY', expires: '2027-03-31' },
      { email: 'user@parkhere.example', category: 'MEDICAL', expires: '2027-01-31' },
    ]);
    // From now on the database itself refuses any other spelling.
    const refused = await db
      .transaction()
      .execute((transaction) =>
        sql`INSERT INTO draw_priorities (user_id, category, expires)
          VALUES (${quick}::bigint, 'medical', '2027-01-31')`.execute(transaction),
      )
      .then(
        () => 'stored',
        (error: { constraint?: string }) => error.constraint,
      );
    expect(refused).toBe('draw_priorities_category_check');
  });
});
