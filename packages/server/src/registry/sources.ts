import type { TransferName } from '@parkhere/contract';
import type { EntitySource, Source } from '../engine/source.ts';
import { carSource } from '../modules/cars/source.ts';
import {
  additionalDaySource,
  configurationSettingsSource,
  doormanSource,
} from '../modules/configuration/source.ts';
import {
  parkingGarageSettingsSource,
  parkingGarageSource,
  parkingSlotSettingsSource,
  parkingSlotSource,
} from '../modules/garages/source.ts';
import {
  createCarInputSource,
  doormanArrivalsSource,
  doormanInputSource,
  holidayInputSource,
  holidayPanelSource,
  modificateReservationInputSource,
  queryReservationsForHolidayResultSource,
  reservationInputSource,
  reservationsPanelSource,
  userReservationPanelSource,
} from '../modules/reservations/panels.ts';
import { holidaySource, userReservationSource } from '../modules/reservations/source.ts';
import { profileSettingsSource, userForInputSource, userSettingsSource } from '../modules/users/source.ts';

export type {
  DraftRefs,
  EntitySource,
  RelationSource,
  Source,
  Sql,
  VirtualSource,
} from '../engine/source.ts';

/** Every transfer type of the contract has exactly one source (the compiler checks the record is complete). */
export const sources: Record<TransferName, Source> = {
  Car: carSource,
  CreateCarInput: createCarInputSource,
  ParkingGarage: parkingGarageSource,
  ParkingSlot: parkingSlotSource,
  ProfileSettings: profileSettingsSource,
  UserForInput: userForInputSource,
  UserSettings: userSettingsSource,
  ParkingGarageSettings: parkingGarageSettingsSource,
  ParkingSlotSettings: parkingSlotSettingsSource,
  UserReservation: userReservationSource,
  ModificateReservationInput: modificateReservationInputSource,
  ReservationInput: reservationInputSource,
  Holiday: holidaySource,
  HolidayInput: holidayInputSource,
  QueryReservationsForHolidayResult: queryReservationsForHolidayResultSource,
  HolidayPanel: holidayPanelSource,
  UserReservationPanel: userReservationPanelSource,
  ReservationsPanel: reservationsPanelSource,
  AdditionalDay: additionalDaySource,
  Doorman: doormanSource,
  DoormanInput: doormanInputSource,
  ConfigurationSettings: configurationSettingsSource,
  DoormanArrivals: doormanArrivalsSource,
};

export const sourceOf = (type: TransferName): Source => sources[type];

/** Relation targets are always stored entities. */
export const entitySourceOf = (type: TransferName): EntitySource => {
  const source = sources[type];
  if (source.kind !== 'entity') {
    throw new Error(`${type} is not a stored entity`);
  }
  return source;
};
