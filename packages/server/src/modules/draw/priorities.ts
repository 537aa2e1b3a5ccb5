import { type Kysely, sql } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

/**
 * UserSettings.createDrawPriority: a need-based priority for the user; a category the user holds already is
 * refused by draw_priorities_user_category_key (400 on `category`: change its expiry instead). Changed and
 * deleted as any administered record (DrawPriority's ~update, ~delete).
 */
export async function insertPriority(
  db: Kysely<DB>,
  userId: string,
  priority: { category: string; expires: string },
): Promise<string> {
  const inserted = await sql<{ id: string }>`INSERT INTO draw_priorities (user_id, category, expires)
    VALUES (${userId}::bigint, ${priority.category}, ${priority.expires}::date)
    RETURNING id::text AS id`.execute(db);
  return inserted.rows[0]?.id ?? '';
}
