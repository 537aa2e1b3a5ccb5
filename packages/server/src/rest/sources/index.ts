import type { TransferName } from '@parkhere/contract';
import { carSource } from './cars.ts';
import { additionalDaySource, configurationSettingsSource, doormanSource } from './configuration.ts';
import {
  parkingGarageSettingsSource,
  parkingGarageSource,
  parkingSlotSettingsSource,
  parkingSlotSource,
} from './garages.ts';
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
} from './panels.ts';
import { profileSettingsSource, userForInputSource, userSettingsSource } from './people.ts';
import { holidaySource, userReservationSource } from './reservations.ts';
import type { EntitySource, Source } from './source.ts';

export type { DraftRefs, EntitySource, RelationSource, Source, Sql, VirtualSource } from './source.ts';

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
