import { accessPoint } from './dsl.ts';

// The kinds of access point: a single panel for one audience, or a list administrators add to.
const administratorPanel = { cardinality: 'one', audience: 'administrator' } as const;
const userPanel = { cardinality: 'one', audience: 'user' } as const;
const administeredList = { cardinality: 'many', audience: 'administrator', create: true } as const;

/** The Actor's access points (DESIGN §5): the entry into every screen's data. */
export const accessPoints = {
  configurationSettings: accessPoint('configurationSettings', 'ConfigurationSettings', administratorPanel),
  parkingGarages: accessPoint('parkingGarages', 'ParkingGarageSettings', administeredList),
  parkingSlots: accessPoint('parkingSlots', 'ParkingSlotSettings', administeredList),
  // [Pools] groups of users with rules of their own.
  groups: accessPoint('groups', 'GroupSettings', administeredList),
  // Administrators create users before their first sign-in, which links them by verified email.
  users: accessPoint('users', 'UserSettings', administeredList),
  // Administrators see every user, others only themselves.
  usersForInput: accessPoint('usersForInput', 'UserForInput', { cardinality: 'many', audience: 'user' }),
  profileSettings: accessPoint('profileSettings', 'ProfileSettings', userPanel),
  userHolidays: accessPoint('userHolidays', 'HolidayPanel', userPanel),
  reservationsAccess: accessPoint('reservationsAccess', 'ReservationsPanel', administratorPanel),
  userReservationPanel: accessPoint('userReservationPanel', 'UserReservationPanel', userPanel),
  // [Insight] who changed what: administrators read it, nobody writes it.
  auditLog: accessPoint('auditLog', 'AuditEntry', { cardinality: 'many', audience: 'administrator' }),
  doormanArrivals: accessPoint('doormanArrivals', 'DoormanArrivals', {
    cardinality: 'one',
    audience: 'doorman',
  }),
  // Jobs retrying or dead (issue 30): the operators' view of what does not get done.
  failedJobs: accessPoint('failedJobs', 'Job', { cardinality: 'many', audience: 'administrator' }),
} as const;

export type AccessPoints = typeof accessPoints;
export type AccessPointName = keyof AccessPoints;
