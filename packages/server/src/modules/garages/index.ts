import type { Sources } from '../../engine/registry.ts';
import type { AuditedTable } from '../../platform/db/audit.ts';
import type { Constraints } from '../../platform/errors.ts';
import {
  expectedOwnerSource,
  parkingGarageSettingsSource,
  parkingGarageSource,
  parkingSlotSettingsSource,
  parkingSlotSource,
} from './source.ts';

export {
  doormanGarages,
  garagesUserMayReserveIn,
  slotsActorMayReserveFor,
  slotsUserMayReserve,
} from './access.ts';
export { dayPlanSlotsSql, garageOfUserSql } from './day-plan-slots.ts';
export { garageDrawSql } from './draw-settings.ts';
export { type ExpectedOwnerRow, loadExpectedOwners } from './expected-owners.ts';
export { garageIdsByName, slotKey, slotsByKey } from './imported-slots.ts';
export { slotsWithGarageSql } from './report-sql.ts';
export { garageColumn } from './source.ts';

export const sources = {
  ParkingGarage: parkingGarageSource,
  ParkingSlot: parkingSlotSource,
  ParkingGarageSettings: parkingGarageSettingsSource,
  ParkingSlotSettings: parkingSlotSettingsSource,
  ExpectedOwner: expectedOwnerSource,
} satisfies Partial<Sources>;

export const audited: readonly AuditedTable[] = [{ table: 'parking_garages' }, { table: 'parking_slots' }];

/** A garage's name is unique (any case), a slot's within its garage. */
export const constraints = {
  parking_garages_name_key: { attribute: 'name' },
  parking_slots_garage_name_key: { attribute: 'name' },
} satisfies Constraints;
