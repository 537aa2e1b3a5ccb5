import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { clearOtherFavorites } from './favorite-rule.ts';
import { markFavorite } from './repository.ts';

/** Car.favoriteCar: this car becomes the one favourite of its owner. */
export async function favoriteCar(db: Kysely<DB>, { carId }: { carId: string }): Promise<void> {
  await clearOtherFavorites(db, { userId: null, carId });
  await markFavorite(db, carId);
}
