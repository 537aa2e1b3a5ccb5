import {
  parkingGarageSettingsSource,
  parkingGarageSource,
  parkingSlotSettingsSource,
  parkingSlotSource,
} from './source.ts';

export const sources = {
  ParkingGarage: parkingGarageSource,
  ParkingSlot: parkingSlotSource,
  ParkingGarageSettings: parkingGarageSettingsSource,
  ParkingSlotSettings: parkingSlotSettingsSource,
};
