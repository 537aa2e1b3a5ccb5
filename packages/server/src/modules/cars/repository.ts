import { type Kysely, sql } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

/* The SQL of the cars table, besides the engine's mapping (source.ts). */

export async function insertCar(
  db: Kysely<DB>,
  car: {
    userId: string;
    licensePlate: string;
    manufacturer: string | null;
    model: string | null;
    isFavorite: boolean;
    isElectric: boolean;
  },
): Promise<string> {
  const row = await db.insertInto('cars').values(car).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function removeCar(db: Kysely<DB>, carId: string): Promise<void> {
  await db.deleteFrom('cars').where('id', '=', carId).execute();
}

export async function markFavorite(db: Kysely<DB>, carId: string): Promise<void> {
  await db
    .updateTable('cars')
    .set({ isFavorite: true, version: sql`version + 1` })
    .where('id', '=', carId)
    .where('isFavorite', '=', false)
    .execute();
}

/** Every favourite of the owner but `carId`; the owner is given, or else read from the car. */
export async function clearFavoritesBut(
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

/**
 * An archived car is nobody's favourite. Its own version is left alone: this runs inside the update that archives
 * it, which checks and bumps the version itself.
 */
export async function clearFavoriteOf(db: Kysely<DB>, carId: string): Promise<void> {
  await sql`UPDATE cars SET is_favorite = false WHERE id = ${carId} AND is_favorite`.execute(db);
}
