import type { Sources } from '../../engine/registry.ts';
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
