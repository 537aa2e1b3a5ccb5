import { changesTheDay } from '../rules/working-days.ts';
import {
  binary,
  boolean,
  date,
  endsAfter,
  enumerated,
  integer,
  operation,
  relation,
  string,
  time,
  timestamp,
  transfer,
} from './dsl.ts';
import { ReservationStatus, ReservationType, TypeOfDay } from './enumerations.ts';
import {
  EMAIL_PATTERN,
  LICENSE_PLATE_MAX_LENGTH,
  LICENSE_PLATE_PATTERN,
  TEMPLATE_MAX_LENGTH,
  TIME_ZONE_PATTERN,
} from './patterns.ts';
import { isKnownTimeZone } from './time-zones.ts';
import type { TransferOf } from './transfer-of.ts';

/*
 * Every transfer type of SPEC §2.1/§2.2/§3/§7 and DESIGN §5. Names keep the spec's spelling on the wire,
 * typos included (aggregaredName, preferedParkingSlot vs preferredParkingSlot, modefied, doormans).
 */

// `required` stays a literal, so a required email or plate is required in the inferred type too.
const email = <const R extends boolean>(required: R) =>
  string({ required, maxLength: 255, pattern: EMAIL_PATTERN });
const licensePlate = <const R extends boolean>(required: R) =>
  string({ required, maxLength: LICENSE_PLATE_MAX_LENGTH, pattern: LICENSE_PLATE_PATTERN });
const template = () => string({ maxLength: TEMPLATE_MAX_LENGTH, filter: false });

export const Car = transfer('Car', {
  entity: 'Car',
  attributes: {
    licensePlate: licensePlate(true),
    manufacturer: string({ maxLength: 100 }),
    model: string({ maxLength: 100 }),
    isFavorite: boolean({ nullable: true, default: false }),
    isArchived: boolean({ nullable: true, default: false }),
  },
  operations: {
    deleteCar: operation({ bound: true }),
    favoriteCar: operation({ bound: true }),
  },
  updatable: true,
  deletable: true,
});
export type Car = TransferOf<typeof Car>;

export const CreateCarInput = transfer('CreateCarInput', {
  entity: null,
  attributes: {
    licensePlate: licensePlate(true),
    manufacturer: string({ maxLength: 100 }),
    model: string({ maxLength: 100 }),
    isFavorite: boolean({ default: false }),
  },
  template: true,
});
export type CreateCarInput = TransferOf<typeof CreateCarInput>;

/** A garage as users see it: its name only. */
export const ParkingGarage = transfer('ParkingGarage', {
  entity: 'ParkingGarage',
  attributes: {
    name: string({ readOnly: true, maxLength: 100 }),
  },
});
export type ParkingGarage = TransferOf<typeof ParkingGarage>;

/** A slot as users see it. */
export const ParkingSlot = transfer('ParkingSlot', {
  entity: 'ParkingSlot',
  attributes: {
    name: string({ readOnly: true, maxLength: 50 }),
    floor: integer({ readOnly: true }),
    aggregaredName: string({ derived: true, maxLength: 200 }),
    isActive: boolean({ readOnly: true, nullable: true }),
    isExclusive: boolean({ readOnly: true, nullable: true }),
    nextToWall: boolean({ readOnly: true, nullable: true }),
  },
});
export type ParkingSlot = TransferOf<typeof ParkingSlot>;

export const ProfileSettings = transfer('ProfileSettings', {
  entity: 'User',
  attributes: {
    email: string({ readOnly: true, maxLength: 255 }),
    name: string({ required: true, maxLength: 255 }),
    startOfWorkingTime: time({ required: true }),
    endOfWorkingTime: time({ required: true }),
    // Granted by administrators, shown to the user.
    isNormalReservation: boolean({ readOnly: true }),
    isQuickReservation: boolean({ readOnly: true }),
    isGuestReservation: boolean({ readOnly: true }),
    isLongReservation: boolean({ readOnly: true }),
  },
  relations: {
    accessedParkingGarages: relation('ParkingGarage', 'many'),
    accessedParkingSlots: relation('ParkingSlot', 'many'),
    cars: relation('Car', 'many', { updates: ['create'] }),
    idCardsForParkingGarages: relation('ParkingGarage', 'many'),
    preferedParkingSlot: relation('ParkingSlot', 'one', { range: true, updates: ['set', 'unset'] }),
  },
  operations: {
    createCar: operation({ input: 'CreateCarInput', output: 'Car', bound: true }),
  },
  order: [endsAfter('startOfWorkingTime', 'endOfWorkingTime')],
  updatable: true,
});
export type ProfileSettings = TransferOf<typeof ProfileSettings>;

/** The user picker of the reservation and holiday forms. */
export const UserForInput = transfer('UserForInput', {
  entity: 'User',
  attributes: {
    email: string({ readOnly: true, maxLength: 255 }),
    name: string({ readOnly: true, maxLength: 255 }),
    startOfWorkingTime: time({ readOnly: true }),
    endOfWorkingTime: time({ readOnly: true }),
    isAdministrator: boolean({ readOnly: true }),
    isNormalReservation: boolean({ readOnly: true }),
    isQuickReservation: boolean({ readOnly: true }),
    isGuestReservation: boolean({ readOnly: true }),
    isLongReservation: boolean({ readOnly: true }),
  },
  relations: {
    cars: relation('Car', 'many', { range: true }),
    preferredParkingSlot: relation('ParkingSlot', 'one', { range: true }),
  },
  operations: {
    queryReservationsForHoliday: operation({
      input: 'HolidayInput',
      output: 'QueryReservationsForHolidayResult',
      bound: false,
    }),
  },
});
export type UserForInput = TransferOf<typeof UserForInput>;

/** A user as administrators manage them (the Users table and view). */
export const UserSettings = transfer('UserSettings', {
  entity: 'User',
  attributes: {
    email: email(true),
    name: string({ required: true, maxLength: 255 }),
    isActive: boolean({ default: true }),
    isAdministrator: boolean({ default: false }),
    isNormalReservation: boolean({ default: false }),
    isQuickReservation: boolean({ default: true }),
    isGuestReservation: boolean({ default: false }),
    isLongReservation: boolean({ default: false }),
    startOfWorkingTime: time({ required: true, default: '09:00:00' }),
    endOfWorkingTime: time({ required: true, default: '17:00:00' }),
    maxNormalReservation: integer({ required: true, default: 5 }),
    maxGuestReservation: integer({ required: true, default: 5 }),
    maxLongReservation: integer({ required: true, default: 2 }),
  },
  relations: {
    accessedParkingGarages: relation('ParkingGarage', 'many', {
      range: true,
      updates: ['set', 'add', 'remove'],
    }),
    idCardsForParkingGarages: relation('ParkingGarage', 'many', {
      range: true,
      updates: ['set', 'add', 'remove'],
    }),
    holiday: relation('Holiday', 'many'),
    cars: relation('Car', 'many'),
    preferredParkingSlot: relation('ParkingSlot', 'one', { range: true, updates: ['set', 'unset'] }),
  },
  order: [endsAfter('startOfWorkingTime', 'endOfWorkingTime')],
  updatable: true,
});
export type UserSettings = TransferOf<typeof UserSettings>;

export const ParkingGarageSettings = transfer('ParkingGarageSettings', {
  entity: 'ParkingGarage',
  attributes: {
    name: string({ required: true, maxLength: 100 }),
    isActive: boolean({ default: true }),
    emailTemplateOfTheGarage: template(),
  },
  relations: {
    parkingSlots: relation('ParkingSlotSettings', 'many', { updates: ['create'] }),
    accessedUsers: relation('UserSettings', 'many', { range: true, updates: ['set', 'add', 'remove'] }),
    usersWithIdCard: relation('UserSettings', 'many', { range: true, updates: ['set', 'add', 'remove'] }),
  },
  updatable: true,
  deletable: true,
  template: true,
});
export type ParkingGarageSettings = TransferOf<typeof ParkingGarageSettings>;

export const ParkingSlotSettings = transfer('ParkingSlotSettings', {
  entity: 'ParkingSlot',
  attributes: {
    name: string({ required: true, maxLength: 50 }),
    floor: integer({ required: true }),
    aggregaredName: string({ derived: true, maxLength: 200 }),
    nextToWall: boolean({ default: false }),
    isActive: boolean({ default: true }),
    isExclusive: boolean({ default: false }),
    floorPlan: binary(),
  },
  relations: {
    parkingGarage: relation('ParkingGarageSettings', 'one', {
      required: true,
      range: true,
      updates: ['set'],
    }),
  },
  updatable: true,
  deletable: true,
  template: true,
});
export type ParkingSlotSettings = TransferOf<typeof ParkingSlotSettings>;

export const UserReservation = transfer('UserReservation', {
  entity: 'Reservation',
  attributes: {
    date: date({ readOnly: true }),
    startTime: time({ readOnly: true }),
    endTime: time({ readOnly: true }),
    reservationType: enumerated(ReservationType, { readOnly: true }),
    reservationStatus: enumerated(ReservationStatus, { derived: true }),
    reserverName: string({ derived: true }),
    reserverCarId: string({ derived: true, maxLength: LICENSE_PLATE_MAX_LENGTH }),
    parkingSlotInformation: string({ derived: true, maxLength: 200 }),
    owner: string({ derived: true }),
    isGuest: boolean({ derived: true }),
    isNotCancelable: boolean({ derived: true }),
    isNotDeletable: boolean({ derived: true }),
    currentTime: time({ derived: true, filter: false }),
    created: timestamp({ readOnly: true }),
    createdBy: string({ readOnly: true }),
    modefied: timestamp({ readOnly: true }),
    modefiedBy: string({ readOnly: true }),
  },
  operations: {
    deleteReservation: operation({ bound: true }),
    cancelReservation: operation({ bound: true }),
    modificateReservation: operation({
      input: 'ModificateReservationInput',
      output: 'UserReservation',
      bound: true,
    }),
  },
});
export type UserReservation = TransferOf<typeof UserReservation>;

export const ModificateReservationInput = transfer('ModificateReservationInput', {
  entity: null,
  attributes: {
    startTime: time({ required: true }),
    endTime: time({ required: true }),
  },
});
export type ModificateReservationInput = TransferOf<typeof ModificateReservationInput>;

export const ReservationInput = transfer('ReservationInput', {
  entity: null,
  attributes: {
    currentDate: date({ readOnly: true }),
    currentTime: time({ readOnly: true }),
    // The configured horizon, so that a form whose user may not read the configuration offers what the
    // rules accept; the rules read the configuration, never this echo.
    maxDaysInAdvance: integer({ readOnly: true }),
    date: date({ required: true }),
    endDate: date(),
    startTime: time({ required: true }),
    endTime: time({ required: true }),
    reservationType: enumerated(ReservationType, { required: true }),
    guestName: string({ maxLength: 255 }),
    guestEmail: email(false),
    guestLicensePlate: licensePlate(false),
    sendNotification: boolean({ default: true }),
    reminderBeforeReservation: time({ default: '00:15:00' }),
    instantNotificateTheDoorman: boolean({ default: false }),
    // Form state the server fills in from the actor; clients echo it back.
    isAdmin: boolean({ readOnly: true }),
    isNotAdmin: boolean({ readOnly: true }),
    isGuestReservation: boolean({ readOnly: true }),
    isNotGuestReservation: boolean({ readOnly: true }),
    isLongReservation: boolean({ readOnly: true }),
    isNotLongReservation: boolean({ readOnly: true }),
    hideReminderReservation: boolean({ readOnly: true }),
    hideReservationType: boolean({ readOnly: true }),
    reminderReservationHidden: boolean({ readOnly: true }),
    warningText: string({ readOnly: true, maxLength: 1000 }),
    warningTextHidden: boolean({ readOnly: true }),
    warningNextToWallText: string({ readOnly: true, maxLength: 1000 }),
    warningNextToWallTextHidden: boolean({ readOnly: true }),
  },
  relations: {
    user: relation('UserForInput', 'one', { required: true, range: true, updates: ['set', 'unset'] }),
    car: relation('Car', 'one', { range: true, updates: ['set', 'unset'] }),
    parkingSlot: relation('ParkingSlot', 'one', { required: true, range: true, updates: ['set', 'unset'] }),
  },
  template: true,
});
export type ReservationInput = TransferOf<typeof ReservationInput>;

export const Holiday = transfer('Holiday', {
  entity: 'Holiday',
  attributes: {
    startDate: date({ readOnly: true }),
    endDate: date({ readOnly: true }),
    userName: string({ derived: true }),
    isNotDeletable: boolean({ derived: true }),
  },
  operations: {
    deleteHoliday: operation({ bound: true }),
  },
});
export type Holiday = TransferOf<typeof Holiday>;

export const HolidayInput = transfer('HolidayInput', {
  entity: null,
  attributes: {
    currentDate: date({ readOnly: true }),
    startDate: date({ required: true }),
    endDate: date({ required: true }),
    userHidden: boolean({ readOnly: true }),
    hiddenByCustom: boolean({ readOnly: true }),
  },
  relations: {
    user: relation('UserForInput', 'one', { required: true, range: true, updates: ['set', 'unset'] }),
    reservationsForDeleteInfo: relation('UserReservation', 'many', { range: true }),
  },
  template: true,
});
export type HolidayInput = TransferOf<typeof HolidayInput>;

export const QueryReservationsForHolidayResult = transfer('QueryReservationsForHolidayResult', {
  entity: null,
  attributes: {},
  relations: {
    reservations: relation('UserReservation', 'many'),
  },
});
export type QueryReservationsForHolidayResult = TransferOf<typeof QueryReservationsForHolidayResult>;

export const HolidayPanel = transfer('HolidayPanel', {
  entity: null,
  attributes: {
    // The same palm as UserReservationPanel.holidayImage: the Holidays page shows its cards with it too.
    holidayImage: binary({ derived: true }),
  },
  relations: {
    holidays: relation('Holiday', 'many'),
  },
  operations: {
    holiday: operation({ input: 'HolidayInput', output: 'Holiday', bound: false }),
  },
});
export type HolidayPanel = TransferOf<typeof HolidayPanel>;

export const UserReservationPanel = transfer('UserReservationPanel', {
  entity: null,
  attributes: {
    // The configured palm of the holiday cards (Configuration.holidayImage), readable by the users who see
    // those cards; the configuration itself is administrators' only.
    holidayImage: binary({ derived: true }),
  },
  relations: {
    activeReservations: relation('UserReservation', 'many'),
    previousReservation: relation('UserReservation', 'many'),
    holidays: relation('Holiday', 'many'),
  },
  operations: {
    reservation: operation({
      input: 'ReservationInput',
      output: 'UserReservation',
      outputCardinality: 'many',
      bound: false,
    }),
    holiday: operation({ input: 'HolidayInput', output: 'Holiday', bound: false }),
  },
});
export type UserReservationPanel = TransferOf<typeof UserReservationPanel>;

export const ReservationsPanel = transfer('ReservationsPanel', {
  entity: null,
  attributes: {},
  relations: {
    todayReservations: relation('UserReservation', 'many'),
    futureReservations: relation('UserReservation', 'many'),
    previousReservations: relation('UserReservation', 'many'),
  },
  operations: {
    reservation: operation({
      input: 'ReservationInput',
      output: 'UserReservation',
      outputCardinality: 'many',
      bound: false,
    }),
    holiday: operation({ input: 'HolidayInput', output: 'Holiday', bound: false }),
  },
});
export type ReservationsPanel = TransferOf<typeof ReservationsPanel>;

export const AdditionalDay = transfer('AdditionalDay', {
  entity: 'AdditionalDay',
  attributes: {
    day: date({ required: true }),
    typeOfDay: enumerated(TypeOfDay, { required: true }),
  },
  check: ({ day, typeOfDay }) =>
    typeof day === 'string' &&
    (typeOfDay === 'WORK' || typeOfDay === 'HOLIDAY') &&
    !changesTheDay({ day, typeOfDay })
      ? [{ code: 'DAY_ALREADY_OF_THAT_TYPE', location: 'day' }]
      : [],
  updatable: true,
  deletable: true,
  template: true,
});
export type AdditionalDay = TransferOf<typeof AdditionalDay>;

export const Doorman = transfer('Doorman', {
  entity: 'Doorman',
  attributes: {
    name: string({ required: true, maxLength: 255 }),
    email: email(true),
  },
  relations: {
    assignedGarages: relation('ParkingGarage', 'many', { range: true, updates: ['set', 'add', 'remove'] }),
  },
  updatable: true,
  deletable: true,
});
export type Doorman = TransferOf<typeof Doorman>;

export const DoormanInput = transfer('DoormanInput', {
  entity: null,
  attributes: {
    name: string({ required: true, maxLength: 255 }),
    email: email(true),
  },
  relations: {
    accessedGarages: relation('ParkingGarage', 'many', { range: true, updates: ['set', 'add', 'remove'] }),
  },
  template: true,
});
export type DoormanInput = TransferOf<typeof DoormanInput>;

export const ConfigurationSettings = transfer('ConfigurationSettings', {
  entity: 'Configuration',
  attributes: {
    senderEmail: email(false),
    contactEmail: email(false),
    timeZone: string({
      required: true,
      maxLength: 64,
      pattern: TIME_ZONE_PATTERN,
      known: isKnownTimeZone,
      default: 'Europe/Budapest',
    }),
    /** How many days ahead non-administrators may book NORMAL and GUEST (DESIGN §4). */
    maxDaysInAdvance: integer({ required: true, default: 14 }),
    doormanEmailTemplate: template(),
    deletionEmailTemplate: template(),
    modificationEmailTemplate: template(),
    reminderEmailTemplate: template(),
    holidayImage: binary(),
  },
  relations: {
    additionalDays: relation('AdditionalDay', 'many', { updates: ['create', 'remove'] }),
    doormans: relation('Doorman', 'many', { updates: ['create', 'remove'] }),
  },
  operations: {
    createDay: operation({ input: 'AdditionalDay', output: 'AdditionalDay', bound: true }),
    createDoorman: operation({ input: 'DoormanInput', output: 'Doorman', bound: true }),
  },
  updatable: true,
});
export type ConfigurationSettings = TransferOf<typeof ConfigurationSettings>;

/** The doorman's read-only page: today's arrivals at their garages, guests first. */
export const DoormanArrivals = transfer('DoormanArrivals', {
  entity: null,
  attributes: {
    date: date({ readOnly: true }),
  },
  relations: {
    arrivals: relation('UserReservation', 'many'),
    garages: relation('ParkingGarage', 'many'),
  },
});
export type DoormanArrivals = TransferOf<typeof DoormanArrivals>;

export const transferTypes = {
  Car,
  CreateCarInput,
  ParkingGarage,
  ParkingSlot,
  ProfileSettings,
  UserForInput,
  UserSettings,
  ParkingGarageSettings,
  ParkingSlotSettings,
  UserReservation,
  ModificateReservationInput,
  ReservationInput,
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
} as const;

export type TransferTypes = typeof transferTypes;
export type TransferName = keyof TransferTypes;
