import type { Sources } from '../../engine/registry.ts';
import type { AuditedTable } from '../../platform/db/audit.ts';
import {
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

export const sources = {
  ParkingGarage: parkingGarageSource,
  ParkingSlot: parkingSlotSource,
  ParkingGarageSettings: parkingGarageSettingsSource,
  ParkingSlotSettings: parkingSlotSettingsSource,
} satisfies Partial<Sources>;

export const audited: readonly AuditedTable[] = [{ table: 'parking_garages' }, { table: 'parking_slots' }];
