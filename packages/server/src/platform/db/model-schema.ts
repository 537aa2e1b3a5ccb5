import type {
  DrawStatus,
  ReservationStatus,
  ReservationType,
  TypeOfDay,
  WaitlistStatus,
} from '@parkhere/contract';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/*
 * Kysely view of the tables of migration 0003 (camelCase through CamelCasePlugin; bigint ids arrive as
 * strings). Kept apart from schema.ts so the model can grow without touching the foundation's tables.
 */

type Id = Generated<string>;
type Reference = string;
type CreatedAt = ColumnType<Date, never, never>;
/** pg returns `date` columns as Date objects unless a parser is set; writes accept `yyyy-MM-dd`. */
type DateColumn = ColumnType<Date | string, string, string>;
/** `time` columns come back as `HH:mm:ss`. */
type TimeColumn = string;

export type FilesTable = {
  id: Generated<string>;
  name: string;
  size: ColumnType<string, number | string, number | string>;
  contentType: string;
  /** Where the bytes of a file uploaded before 0007 lie, relative to the DATA_DIR that received it. */
  path: string | null;
  /** The bytes (from 0007 on): every instance on the database serves them. */
  content: Buffer | null;
  created: Generated<Date>;
  createdBy: Reference | null;
};

export type ParkingGaragesTable = {
  id: Id;
  name: string;
  isActive: Generated<boolean>;
  emailTemplateOfTheGarage: string | null;
  emailTemplateOfTheGarageEn: string | null;
  checkInRequired: Generated<boolean>;
  checkInGraceMinutes: Generated<number>;
  checkInEarlyMinutes: Generated<number>;
  drawEnabled: Generated<boolean>;
  drawCutoffTime: Generated<TimeColumn>;
  drawCutoffWorkingDaysBefore: Generated<number>;
  drawFairnessWeeks: Generated<number>;
  version: Generated<number>;
  createdAt: CreatedAt;
};

export type ParkingSlotsTable = {
  id: Id;
  parkingGarageId: Reference;
  name: string;
  floor: number;
  nextToWall: Generated<boolean>;
  isActive: Generated<boolean>;
  isExclusive: Generated<boolean>;
  floorPlanId: string | null;
  /** The group whose pool the slot is (migration 0048). */
  reservedForGroupId: Reference | null;
  isAccessible: Generated<boolean>;
  hasCharger: Generated<boolean>;
  /** [Pools] The user the slot is assigned to (migration 0050). */
  assignedToId: Generated<string | null>;
  /** Its place on its floor plan, percent of the image across and down, both or neither (migration 0060). */
  planX: number | null;
  planY: number | null;
  /** Kept by a trigger from name, floor and the garage's name. */
  aggregaredName: ColumnType<string, never, never>;
  version: Generated<number>;
  createdAt: CreatedAt;
};

export type UserGarageLinkTable = { userId: Reference; parkingGarageId: Reference };

export type CarsTable = {
  id: Id;
  userId: Reference;
  licensePlate: string;
  manufacturer: string | null;
  model: string | null;
  isFavorite: Generated<boolean>;
  isArchived: Generated<boolean>;
  isElectric: Generated<boolean>;
  version: Generated<number>;
  createdAt: CreatedAt;
};

/** What a request for a slot holds, as a reservation and a waiting entry both store it. */
type RequestColumns = {
  guestName: string | null;
  guestEmail: string | null;
  guestLicensePlate: string | null;
  date: DateColumn;
  startTime: TimeColumn;
  endTime: TimeColumn;
  /** A tstzrange literal, e.g. from `wall_clock_range(date, start, end, zone)`. */
  during: string;
  reservationType: ReservationType;
  sendNotification: Generated<boolean>;
  /** An interval; written as `HH:mm:ss`. */
  reminderBeforeReservation: ColumnType<unknown, string | null, string | null> | null;
  instantNotificateTheDoorman: Generated<boolean>;
};

export type ReservationsTable = RequestColumns & {
  id: Id;
  ownerId: Reference;
  parkingSlotId: Reference;
  carId: Reference | null;
  carLicensePlate: string | null;
  reservationStatus: Generated<ReservationStatus>;
  seriesId: string | null;
  checkedInAt: Date | null;
  checkedInBy: string | null;
  /** When the reservation was cancelled in progress, and the end it had been booked for (end_time is cut). */
  cancelledAt: Date | null;
  bookedEndTime: TimeColumn | null;
  /** When the guest's confirmation went out: only a guest told of a reservation is told of its changes. */
  guestToldAt: Date | null;
  created: Generated<Date>;
  createdBy: string | null;
  modefied: Date | null;
  modefiedBy: string | null;
  version: Generated<number>;
};

export type HolidaysTable = {
  id: Id;
  userId: Reference;
  startDate: DateColumn;
  endDate: DateColumn;
  version: Generated<number>;
  createdAt: CreatedAt;
};

export type AdditionalDaysTable = {
  id: Id;
  day: DateColumn;
  typeOfDay: TypeOfDay;
  version: Generated<number>;
  createdAt: CreatedAt;
};

export type ConfigurationTable = {
  id: Generated<number>;
  senderEmail: string | null;
  contactEmail: string | null;
  timeZone: Generated<string>;
  maxDaysInAdvance: Generated<number>;
  retentionMonths: Generated<number>;
  doormanEmailTemplate: string | null;
  deletionEmailTemplate: string | null;
  modificationEmailTemplate: string | null;
  reminderEmailTemplate: string | null;
  doormanEmailTemplateEn: string | null;
  deletionEmailTemplateEn: string | null;
  modificationEmailTemplateEn: string | null;
  reminderEmailTemplateEn: string | null;
  holidayImageId: string | null;
  auditRetentionMonths: Generated<number>;
  accessibleSlotReleaseMinutes: Generated<number>;
  version: Generated<number>;
};

export type WaitlistEntriesTable = RequestColumns & {
  id: Id;
  userId: Reference;
  parkingGarageId: Reference | null;
  carId: Reference | null;
  waitlistStatus: Generated<WaitlistStatus>;
  reservationId: Reference | null;
  created: Generated<Date>;
  createdBy: string | null;
  version: Generated<number>;
};

export type DrawRequestsTable = {
  id: Id;
  userId: Reference;
  parkingGarageId: Reference;
  preferredSlotId: Reference | null;
  carId: Reference | null;
  date: DateColumn;
  startTime: TimeColumn;
  endTime: TimeColumn;
  during: string;
  reservationType: ReservationType;
  seriesId: string | null;
  sendNotification: Generated<boolean>;
  reminderBeforeReservation: ColumnType<unknown, string | null, string | null> | null;
  drawStatus: Generated<DrawStatus>;
  reservationId: Reference | null;
  created: Generated<Date>;
  createdBy: string | null;
  modefied: Date | null;
  modefiedBy: string | null;
  version: Generated<number>;
};

export type DoormanGaragesTable = { doormanId: Reference; parkingGarageId: Reference };

export type ModelTables = {
  files: FilesTable;
  parkingGarages: ParkingGaragesTable;
  parkingSlots: ParkingSlotsTable;
  userAccessedGarages: UserGarageLinkTable;
  userIdCardGarages: UserGarageLinkTable;
  cars: CarsTable;
  reservations: ReservationsTable;
  holidays: HolidaysTable;
  additionalDays: AdditionalDaysTable;
  configuration: ConfigurationTable;
  doormanGarages: DoormanGaragesTable;
  waitlistEntries: WaitlistEntriesTable;
  drawRequests: DrawRequestsTable;
};

export type ParkingSlotRow = Selectable<ParkingSlotsTable>;
export type NewParkingSlot = Insertable<ParkingSlotsTable>;
export type CarRow = Selectable<CarsTable>;
export type NewCar = Insertable<CarsTable>;
export type ReservationRow = Selectable<ReservationsTable>;
export type NewReservation = Insertable<ReservationsTable>;
