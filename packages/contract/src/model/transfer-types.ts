import {
  AssignedSlotDay,
  AssignedSlotRelease,
  AssignedSlotSchedule,
  ExpectedOwner,
} from './transfer-types/assigned-slots.ts';
import { AuditEntry } from './transfer-types/audit.ts';
import { Car, CreateCarInput } from './transfer-types/cars.ts';
import { AdditionalDay, ConfigurationSettings } from './transfer-types/configuration.ts';
import { Doorman, DoormanArrivals, DoormanInput, WalkInInput } from './transfer-types/doormen.ts';
import { DrawRequest } from './transfer-types/draw.ts';
import { Draw, DrawEntry, DrawPriority, DrawReplay, DrawReplayEntry } from './transfer-types/draw-admin.ts';
import {
  ParkingGarage,
  ParkingGarageSettings,
  ParkingSlot,
  ParkingSlotSettings,
} from './transfer-types/garages.ts';
import { GroupSettings } from './transfer-types/groups.ts';
import { Holiday, HolidayInput, QueryReservationsForHolidayResult } from './transfer-types/holidays.ts';
import { Job } from './transfer-types/jobs.ts';
import { HolidayPanel, ReservationsPanel, UserReservationPanel } from './transfer-types/panels.ts';
import {
  ModificateReservationInput,
  RepeatedReservations,
  ReservationInput,
  SkippedDay,
  UserReservation,
  WaitlistEntry,
} from './transfer-types/reservations.ts';
import { DeactivationRelease, ProfileSettings, UserForInput, UserSettings } from './transfer-types/users.ts';

/*
 * Every transfer type of SPEC §2.1/§2.2/§3/§7 and DESIGN §5, one file a capability. Names keep the spec's
 * spelling on the wire, typos included (aggregaredName, preferedParkingSlot vs preferredParkingSlot, modefied,
 * doormans).
 */

export * from './transfer-types/assigned-slots.ts';
export * from './transfer-types/audit.ts';
export * from './transfer-types/cars.ts';
export * from './transfer-types/configuration.ts';
export * from './transfer-types/doormen.ts';
export * from './transfer-types/draw.ts';
export * from './transfer-types/draw-admin.ts';
export * from './transfer-types/garages.ts';
export * from './transfer-types/groups.ts';
export * from './transfer-types/holidays.ts';
export * from './transfer-types/jobs.ts';
export * from './transfer-types/panels.ts';
export * from './transfer-types/reservations.ts';
export * from './transfer-types/users.ts';

export const transferTypes = {
  Car,
  CreateCarInput,
  ParkingGarage,
  ParkingSlot,
  ProfileSettings,
  UserForInput,
  UserSettings,
  DeactivationRelease,
  ParkingGarageSettings,
  ParkingSlotSettings,
  GroupSettings,
  UserReservation,
  ModificateReservationInput,
  ReservationInput,
  WaitlistEntry,
  SkippedDay,
  RepeatedReservations,
  DrawRequest,
  Draw,
  DrawEntry,
  DrawReplay,
  DrawReplayEntry,
  DrawPriority,
  AssignedSlotRelease,
  AssignedSlotDay,
  AssignedSlotSchedule,
  ExpectedOwner,
  Holiday,
  HolidayInput,
  QueryReservationsForHolidayResult,
  HolidayPanel,
  UserReservationPanel,
  ReservationsPanel,
  AdditionalDay,
  Doorman,
  DoormanInput,
  ConfigurationSettings,
  DoormanArrivals,
  WalkInInput,
  Job,
  AuditEntry,
} as const;

export type TransferTypes = typeof transferTypes;
export type TransferName = keyof TransferTypes;

declare module './transfer-of.ts' {
  interface TransferRegistry extends TransferTypes {}
}
