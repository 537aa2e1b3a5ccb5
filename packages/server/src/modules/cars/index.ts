import { sql } from 'kysely';
import type { Sources } from '../../engine/registry.ts';
import type { AuditedTable } from '../../platform/db/audit.ts';
import { erasureOf } from '../../platform/erasure.ts';
import type { Constraints } from '../../platform/errors.ts';
import type { LifecycleHooks } from '../../platform/lifecycle.ts';
import { listPart } from '../../platform/personal-data.ts';
import { carSource, createCarInputSource } from './source.ts';

export { carPlateOfSql } from './car-plate.ts';
export { carOperations as operations } from './operations.ts';

export const sources = { Car: carSource, CreateCarInput: createCarInputSource } satisfies Partial<Sources>;

export const audited: readonly AuditedTable[] = [{ table: 'cars' }];

/** A refused plate or favourite is located on the attribute the unique index guards. */
export const constraints = {
  cars_user_license_plate_key: { attribute: 'licensePlate' },
  cars_one_favorite_per_user: { attribute: 'isFavorite' },
} satisfies Constraints;

/** An anonymised user's cars stay (their reservations refer to them), their plates become pseudonyms. */
export const hooks: LifecycleHooks = {
  userErased: erasureOf('cars', { owner: 'user_id', columns: { license_plate: 'plate' } }),
};

/** The user's cars, archived ones too, for their own copy of their data. */
export const personalData = listPart(
  'cars',
  (
    userId,
  ) => sql`SELECT id, user_id, license_plate, manufacturer, model, is_favorite, is_archived, version, created_at,
      is_electric
    FROM cars WHERE user_id = ${userId}::bigint ORDER BY id`,
);
