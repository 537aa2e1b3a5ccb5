import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { clearFavoriteOf, clearFavoritesBut } from './repository.ts';

/**
 * DESIGN §3: at most one favourite car per user. Called before a car becomes the favourite, in the same
 * transaction; the owner is given for a new car, else read from the car.
 */
export const clearOtherFavorites = (
  db: Kysely<DB>,
  target: { userId: string | null; carId: string | null },
): Promise<void> => clearFavoritesBut(db, target);

/**
 * An archived car is no longer offered for reservations, so it cannot stay the favourite the form preselects:
 * archiving clears the flag (unless the same write sets it again, which the caller then asked for explicitly).
 */
export const archivedIsNoFavorite = async (
  db: Kysely<DB>,
  row: { columns: Readonly<Record<string, unknown>>; id: string | null },
): Promise<void> => {
  if (row.columns.is_archived === true && row.columns.is_favorite !== true && row.id !== null) {
    await clearFavoriteOf(db, row.id);
  }
};
