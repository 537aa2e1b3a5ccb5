import { type Kysely, sql } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { clearOtherFavorites } from './favorite-rule.ts';

/** Car.favoriteCar: this car becomes the one favourite of its owner. */
export async function favoriteCar(db: Kysely<DB>, { carId }: { carId: string }): Promise<void> {
  await clearOtherFavorites(db, { userId: null, carId });
  await db
    .updateTable('cars')
    .set({ isFavorite: true, version: sql`version + 1` })
    .where('id', '=', carId)
    .where('isFavorite', '=', false)
    .execute();
}
