import { accessPoint } from './dsl.ts';

/** The Actor's access points (DESIGN §5): the entry into every screen's data. */
export const accessPoints = {
  configurationSettings: accessPoint('configurationSettings', 'ConfigurationSettings', {
    cardinality: 'one',
    audience: 'administrator',
  }),
  parkingGarages: accessPoint('parkingGarages', 'ParkingGarageSettings', {
    cardinality: 'many',
    audience: 'administrator',
    create: true,
  }),
  parkingSlots: accessPoint('parkingSlots', 'ParkingSlotSettings', {
    cardinality: 'many',
    audience: 'administrator',
    create: true,
  }),
  users: accessPoint('users', 'UserSettings', { cardinality: 'many', audience: 'administrator' }),
  // Administrators see every user, others only themselves.
  usersForInput: accessPoint('usersForInput', 'UserForInput', { cardinality: 'many', audience: 'user' }),
  profileSettings: accessPoint('profileSettings', 'ProfileSettings', {
    cardinality: 'one',
    audience: 'user',
  }),
  userHolidays: accessPoint('userHolidays', 'HolidayPanel', { cardinality: 'one', audience: 'user' }),
  reservationsAccess: accessPoint('reservationsAccess', 'ReservationsPanel', {
    cardinality: 'one',
    audience: 'administrator',
  }),
  userReservationPanel: accessPoint('userReservationPanel', 'UserReservationPanel', {
    cardinality: 'one',
    audience: 'user',
  }),
  doormanArrivals: accessPoint('doormanArrivals', 'DoormanArrivals', {
    cardinality: 'one',
    audience: 'doorman',
  }),
} as const;

export type AccessPoints = typeof accessPoints;
export type AccessPointName = keyof AccessPoints;
