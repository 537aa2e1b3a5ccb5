import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { clearFavoritesBut } from './repository.ts';

/**
 * DESIGN §3: at most one favourite car per user. Called before a car becomes the favourite, in the same
 * transaction; the owner is given for a new car, else read from the car.
 */
export const clearOtherFavorites = (
  db: Kysely<DB>,
  target: { userId: string | null; carId: string | null },
): Promise<void> => clearFavoritesBut(db, target);
