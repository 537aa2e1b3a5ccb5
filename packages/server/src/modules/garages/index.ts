import {
  parkingGarageSettingsSource,
  parkingGarageSource,
  parkingSlotSettingsSource,
  parkingSlotSource,
} from './source.ts';

export { doormanGarages, slotsActorMayReserveFor, slotsUserMayReserve } from './access.ts';

export const sources = {
  ParkingGarage: parkingGarageSource,
  ParkingSlot: parkingSlotSource,
  ParkingGarageSettings: parkingGarageSettingsSource,
  ParkingSlotSettings: parkingSlotSettingsSource,
};
