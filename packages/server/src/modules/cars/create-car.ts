import { type CreateCarInput, normalizeLicensePlate } from '@parkhere/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { clearOtherFavorites } from './favorite-rule.ts';
import { insertCar } from './repository.ts';

/** The input after validation: the plate is required. */
export type CreateCar = { userId: string; input: CreateCarInput & { licensePlate: string } };

/**
 * ProfileSettings.createCar: the plate stored trimmed and upper-case (unique per user, the database says
 * so), a new favourite clears the others.
 */
export async function createCar(db: Kysely<DB>, { userId, input }: CreateCar): Promise<{ id: string }> {
  const isFavorite = input.isFavorite === true;
  if (isFavorite) {
    await clearOtherFavorites(db, { userId, carId: null });
  }
  const id = await insertCar(db, {
    userId,
    licensePlate: normalizeLicensePlate(input.licensePlate),
    manufacturer: input.manufacturer ?? null,
    model: input.model ?? null,
    isFavorite,
    isElectric: input.isElectric === true,
  });
  return { id };
}
