/**
 * Every page route of SPEC §2.1 and §2.2, relative to the app root. The path pattern doubles as the
 * route id the extension registry uses to replace a page.
 */
export type PageRoute = {
  path: string;
  /** Translation key (namespace 'application') of the page title. */
  titleKey: string;
  /** Only administrators may open it; others get the 403 routing error page. */
  adminOnly: boolean;
};

const SIGNED = ':signedIdentifier';

const main: PageRoute[] = [
  { path: '', titleKey: 'page.dashboard', adminOnly: false },
  { path: '_redirect', titleKey: 'page.redirect', adminOnly: false },
  {
    path: 'Services/Actor/ConfigurationSettings/AccessViewPage',
    titleKey: 'page.configuration',
    adminOnly: true,
  },
  // DESIGN §1: the doormen's arrivals; the server answers only doormen and administrators.
  { path: 'Services/Actor/DoormanArrivals/AccessViewPage', titleKey: 'page.arrivals', adminOnly: false },
  { path: 'Services/Actor/ParkingGarages/AccessTablePage', titleKey: 'page.parkingGarages', adminOnly: true },
  {
    path: `Services/Actor/ParkingGarages/AccessViewPage/${SIGNED}`,
    titleKey: 'page.parkingGarage',
    adminOnly: true,
  },
  { path: 'Services/Actor/ParkingSlots/AccessTablePage', titleKey: 'page.parkingSlots', adminOnly: true },
  {
    path: 'Services/Actor/ProfileSettings/AccessViewPage',
    titleKey: 'page.profileSettings',
    adminOnly: false,
  },
  {
    path: 'Services/Actor/ReservationsAccess/AccessViewPage',
    titleKey: 'page.reservations',
    adminOnly: true,
  },
  { path: 'Services/Actor/UserHolidays/AccessViewPage', titleKey: 'page.holidays', adminOnly: false },
  { path: 'Services/Actor/Users/AccessTablePage', titleKey: 'page.users', adminOnly: true },
  { path: `Services/Actor/Users/AccessViewPage/${SIGNED}`, titleKey: 'page.user', adminOnly: true },
  { path: 'Services/Actor/UsersForInput/AccessTablePage', titleKey: 'page.usersForInput', adminOnly: true },
  {
    path: `Services/Actor/UsersForInput/AccessViewPage/${SIGNED}`,
    titleKey: 'page.userForInput',
    adminOnly: true,
  },
];

/** [owner/relation, page kind, title key, admin only]: the relation routes of SPEC §2.2. */
const relations: [string, 'RelationTablePage' | 'RelationViewPage', string, boolean][] = [
  ['ConfigurationSettings/AdditionalDays', 'RelationTablePage', 'page.additionalDays', true],
  ['ConfigurationSettings/Doormans', 'RelationTablePage', 'page.doormen', true],
  ['Doorman/AssignedGarages', 'RelationViewPage', 'page.assignedGarage', true],
  ['DoormanInput/AccessedGarages', 'RelationViewPage', 'page.accessedGarage', true],
  ['HolidayInput/User', 'RelationViewPage', 'page.holidayUser', false],
  ['HolidayPanel/Holidays', 'RelationTablePage', 'page.holidayList', false],
  ['HolidayPanel/Holidays', 'RelationViewPage', 'page.holiday', false],
  ['ParkingGarageSettings/AccessedUsers', 'RelationViewPage', 'page.accessedUser', true],
  ['ParkingGarageSettings/ParkingSlots', 'RelationTablePage', 'page.garageParkingSlots', true],
  ['ParkingSlotSettings/ParkingGarage', 'RelationViewPage', 'page.slotParkingGarage', true],
  ['ProfileSettings/AccessedParkingGarages', 'RelationViewPage', 'page.accessedParkingGarage', false],
  ['ProfileSettings/AccessedParkingSlots', 'RelationTablePage', 'page.accessedParkingSlots', false],
  ['ProfileSettings/AccessedParkingSlots', 'RelationViewPage', 'page.accessedParkingSlot', false],
  ['ProfileSettings/Cars', 'RelationTablePage', 'page.cars', false],
  ['ProfileSettings/IdCardsForParkingGarages', 'RelationViewPage', 'page.idCardForParkingGarage', false],
  ['ProfileSettings/PreferedParkingSlot', 'RelationViewPage', 'page.preferredParkingSlot', false],
  ['ReservationInput/ParkingSlot', 'RelationViewPage', 'page.reservationParkingSlot', false],
  ['ReservationInput/User', 'RelationViewPage', 'page.reservationUser', false],
  ['ReservationsPanel/FutureReservations', 'RelationTablePage', 'page.futureReservations', true],
  ['ReservationsPanel/PreviousReservations', 'RelationTablePage', 'page.previousReservations', true],
  ['UserForInput/PreferredParkingSlot', 'RelationViewPage', 'page.userPreferredParkingSlot', true],
  ['UserReservationPanel/ActiveReservations', 'RelationTablePage', 'page.activeReservations', false],
  ['UserReservationPanel/Holidays', 'RelationTablePage', 'page.myHolidays', false],
  ['UserReservationPanel/Holidays', 'RelationViewPage', 'page.myHoliday', false],
  ['UserReservationPanel/PreviousReservation', 'RelationTablePage', 'page.myPreviousReservations', false],
  ['UserSettings/AccessedParkingGarages', 'RelationTablePage', 'page.userAccessedParkingGarages', true],
  ['UserSettings/AccessedParkingGarages', 'RelationViewPage', 'page.userAccessedParkingGarage', true],
  ['UserSettings/Holiday', 'RelationViewPage', 'page.userHoliday', true],
  ['UserSettings/IdCardsForParkingGarages', 'RelationViewPage', 'page.userIdCardForParkingGarage', true],
];

export const pageRoutes: readonly PageRoute[] = [
  ...main,
  ...relations.map(([relation, kind, titleKey, adminOnly]) => ({
    path: `Services/${relation}/${kind}/${SIGNED}`,
    titleKey,
    adminOnly,
  })),
];

export const HOME_PATH = '/';

/** The browser path of a route path relative to the app root. */
export function toAppPath(path: string): string {
  return `/${path.replace(/^\/+/, '')}`;
}

export const PROFILE_PATH = toAppPath('Services/Actor/ProfileSettings/AccessViewPage');
