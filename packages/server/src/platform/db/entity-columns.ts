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
} as const satisfies Record<EntityName, keyof DB>;

/**
 * The column (camelCase, as Kysely sees it through CamelCasePlugin) that stores a non-derived attribute:
 * its own name, except files, which are a reference `<name>Id` to the files table.
 */
export const columnOf = (attributeName: string, attribute: AttributeDef): string =>
  attribute.type === 'binary' ? `${attributeName}Id` : attributeName;
