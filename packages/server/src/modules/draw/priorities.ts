import { type Kysely, sql } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { assertNoViolation, invalid } from '../../platform/violation.ts';
import { configuredToday } from '../configuration/index.ts';

/**
 * A priority counts for the days up to its expiry, so one that expired before today would never weigh in a
 * draw: giving or changing one with such an expiry is refused at `expires` (400 DATE_IN_THE_PAST), not
 * accepted and silently ignored.
 */
export async function assertExpiryAhead(db: Kysely<DB>, expires: unknown, now: Date): Promise<void> {
  if (typeof expires !== 'string') {
    return;
  }
  const { rows } = await sql<{ today: string; past: boolean }>`SELECT ${configuredToday(now)}::text AS today,
    ${expires}::date < ${configuredToday(now)} AS past`.execute(db);
  const [row] = rows;
  if (row?.past === true) {
    assertNoViolation([invalid('expires', 'DATE_IN_THE_PAST', { min: row.today })]);
  }
}

/**
 * UserSettings.createDrawPriority: a need-based priority for the user; a category the user holds already is
 * refused by draw_priorities_user_category_key (400 on `category`: change its expiry instead). Changed and
 * deleted as any administered record (DrawPriority's ~update, ~delete).
 */
export async function insertPriority(
  db: Kysely<DB>,
  userId: string,
  priority: { category: string; expires: string },
  now: Date,
): Promise<string> {
  await assertExpiryAhead(db, priority.expires, now);
  const inserted = await sql<{ id: string }>`INSERT INTO draw_priorities (user_id, category, expires)
    VALUES (${userId}::bigint, ${priority.category}, ${priority.expires}::date)
    RETURNING id::text AS id`.execute(db);
  return inserted.rows[0]?.id ?? '';
}
