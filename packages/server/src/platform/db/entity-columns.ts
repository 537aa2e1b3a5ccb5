import type { AttributeDef, EntityName } from '@parkhere/contract';
import type { DB } from './schema.ts';

/** The table each stored entity of the contract lives in. */
export const ENTITY_TABLES = {
  User: 'users',
  Car: 'cars',
  ParkingGarage: 'parkingGarages',
  ParkingSlot: 'parkingSlots',
  Reservation: 'reservations',
  Holiday: 'holidays',
  AdditionalDay: 'additionalDays',
  Configuration: 'configuration',
  Doorman: 'doormen',
  WaitlistEntry: 'waitlistEntries',
} as const satisfies Record<EntityName, keyof DB>;

/**
 * The column (camelCase, as Kysely sees it through CamelCasePlugin) that stores a non-derived attribute:
 * its own name, except files, which are a reference `<name>Id` to the files table.
 */
export const columnOf = (attributeName: string, attribute: AttributeDef): string =>
  attribute.type === 'binary' ? `${attributeName}Id` : attributeName;

/**
 * Which attribute a named constraint of the migrations guards, for a refusal's `location`, where the name
 * does not say it (`<table>_<column>_check|key`).
 */
export const CONSTRAINT_ATTRIBUTES: Record<string, string> = {
  cars_user_license_plate_key: 'licensePlate',
  cars_one_favorite_per_user: 'isFavorite',
  parking_garages_name_key: 'name',
  parking_slots_garage_name_key: 'name',
  additional_days_day_key: 'day',
  doormen_email_key: 'email',
  users_email_key: 'email',
};
