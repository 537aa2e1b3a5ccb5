import { type Kysely, sql } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

/**
 * DESIGN §3: at most one favourite car per user. Called before a car becomes the favourite, in the same
 * transaction; the owner is given for a new car, else read from the car.
 */
export async function clearOtherFavorites(
  db: Kysely<DB>,
  target: { userId: string | null; carId: string | null },
): Promise<void> {
  const owner =
    target.userId === null
      ? sql`(SELECT c.user_id FROM cars c WHERE c.id = ${target.carId})`
      : sql`${target.userId}`;
  await sql`UPDATE cars SET is_favorite = false, version = version + 1
    WHERE user_id = ${owner} AND is_favorite AND id IS DISTINCT FROM ${target.carId}`.execute(db);
}
