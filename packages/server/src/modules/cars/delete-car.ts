import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { removeCar } from './repository.ts';

/** Car.deleteCar: past reservations keep the plate they were made with (reservations.car_license_plate). */
export async function deleteCar(db: Kysely<DB>, { carId }: { carId: string }): Promise<void> {
  await removeCar(db, carId);
}
