import type { RelationName, TransferName } from '@parkhere/contract';
import type applicationEnglish from '../../public/i18n/application_en-US.json';

/**
 * Every screen of SPEC §2.1 and §2.2, each declared once: its path relative to the app root, who may open
 * it and its menu entry, if it has one. The router's routes (`routes.tsx`), the menu (`menu/menuItems.ts`)
 * and the path builder below all come from here, so a screen is added in one place and a path that names no
 * screen fails to compile. The page each screen loads lives apart, in `app/screenPages.ts`: pages link to
 * screens through this module, so it must not load them, or every page would depend on every other.
 *
 * A screen's name is its title's translation key under `page.`, and a menu entry's id is its label's key
 * under `menu.`; both are checked against the English translations. The path pattern doubles as the route
 * id the extension registry uses to replace a page.
 */

type PageTitleName = Exclude<keyof typeof applicationEnglish.page, 'notAvailable' | 'unknown'>;
/** The icons a menu entry may name; `menu/menuIcons.tsx` must draw each of them (the compiler checks). */
export type MenuIconName =
  | 'BarChart'
  | 'BeachAccess'
  | 'Casino'
  | 'EventAvailable'
  | 'Garage'
  | 'Groups'
  | 'History'
  | 'ListAlt'
  | 'LocalParking'
  | 'ManageAccounts'
  | 'People'
  | 'Person'
  | 'Settings'
  | 'SyncProblem'
  | 'Tune'
  | 'UploadFile';

type MenuLabelName = Exclude<keyof typeof applicationEnglish.menu, 'error'>;

/** Who may open a screen: administrator screens answer anyone else with the 403 routing error page. */
export type ScreenAccess = 'everyone' | 'administrators';

/** Who sees a menu entry; an entry in a group is seen only where its group is. */
export type MenuAudience = 'everyone' | 'administrators' | 'doormen' | 'nobody';

type MenuGroupDeclaration = { icon: MenuIconName; audience: MenuAudience };

/** The menu's groups (SPEC §2.3): a group stands where its first screen would, and holds its screens. */
export const menuGroups = {
  settings: { icon: 'Settings', audience: 'administrators' },
} as const satisfies Partial<Record<MenuLabelName, MenuGroupDeclaration>>;

export type MenuGroupName = keyof typeof menuGroups;

export type ScreenMenuEntry = {
  id: MenuLabelName;
  icon: MenuIconName;
  audience: MenuAudience;
  group?: MenuGroupName;
};

export type RelationPage = 'RelationTablePage' | 'RelationViewPage';

/** What a relation screen shows: `relation` of an instance of `owner`, as a table or as one record's view. */
export type RelationScreen = { owner: TransferName; relation: string; kind: RelationPage };

type ScreenDeclaration = {
  path: string;
  access: ScreenAccess;
  menu?: ScreenMenuEntry;
  relation?: RelationScreen;
};

type Capitalized<S extends string> = S extends `${infer First}${infer Rest}`
  ? `${Uppercase<First>}${Rest}`
  : S;

/**
 * A relation route of SPEC §2.2, `Services/{Owner}/{Relation}/{kind}/:signedIdentifier`, built from the
 * model's own names: a relation the owner does not have does not compile. One generic page per kind
 * (`pages/relations`) reads which relation it shows from here.
 */
function relation<
  const Owner extends TransferName,
  const Name extends RelationName<Owner> & string,
  const Kind extends RelationPage,
>(owner: Owner, name: Name, kind: Kind, access: ScreenAccess) {
  const segment = `${name.charAt(0).toUpperCase()}${name.slice(1)}` as Capitalized<Name>;
  return {
    path: `Services/${owner}/${segment}/${kind}/:signedIdentifier` as const,
    access,
    relation: { owner, relation: name, kind },
  };
}

/** An administrators' screen with its entry in the menu's Settings group, listed for everyone who sees it. */
function adminSetting<const Id extends MenuLabelName, const Path extends string>(
  id: Id,
  path: Path,
  icon: MenuIconName,
) {
  return {
    path,
    access: 'administrators',
    menu: { id, icon, audience: 'everyone', group: 'settings' },
  } as const;
}

/** The screens; those with a menu entry come first, in the menu's order (SPEC §2.3). */
const screens = {
  dashboard: {
    path: '',
    access: 'everyone',
    menu: { id: 'reservation', icon: 'EventAvailable', audience: 'everyone' },
  },
  holidays: {
    path: 'Services/Actor/UserHolidays/AccessViewPage',
    access: 'everyone',
    menu: { id: 'holidays', icon: 'BeachAccess', audience: 'everyone' },
  },
  reservations: {
    path: 'Services/Actor/ReservationsAccess/AccessViewPage',
    access: 'administrators',
    menu: { id: 'reservations', icon: 'ListAlt', audience: 'administrators' },
  },
  // [Fair share 2]: every draw that ran, its requests and its replay (administrators only).
  draws: {
    path: 'Services/Actor/ReservationsAccess/Draws',
    access: 'administrators',
    menu: { id: 'draws', icon: 'Casino', audience: 'administrators' },
  },
  // DESIGN §1: the doormen's arrivals; the server answers only doormen and administrators.
  arrivals: {
    path: 'Services/Actor/DoormanArrivals/AccessViewPage',
    access: 'everyone',
    menu: { id: 'arrivals', icon: 'Garage', audience: 'doormen' },
  },
  profileSettings: {
    path: 'Services/Actor/ProfileSettings/AccessViewPage',
    access: 'everyone',
    menu: { id: 'profileSettings', icon: 'ManageAccounts', audience: 'everyone' },
  },
  parkingSlots: adminSetting('parkingSlots', 'Services/Actor/ParkingSlots/AccessTablePage', 'LocalParking'),
  parkingGarages: adminSetting('parkingGarages', 'Services/Actor/ParkingGarages/AccessTablePage', 'Garage'),
  users: adminSetting('users', 'Services/Actor/Users/AccessTablePage', 'People'),
  // [Pools]: groups of users with a horizon and quotas of their own (administrators only).
  groups: adminSetting('groups', 'Services/Actor/Groups/AccessTablePage', 'Groups'),
  configuration: adminSetting('configuration', 'Services/Actor/ConfigurationSettings/AccessViewPage', 'Tune'),
  // [Insight]: the utilisation reports (administrators only).
  reports: adminSetting('reports', 'Services/Actor/Reports/Utilisation', 'BarChart'),
  // [Insight]: who changed what and when (administrators only).
  auditLog: adminSetting('auditLog', 'Services/Actor/AuditLog/AccessTablePage', 'History'),
  // [Operations]: the durable jobs retrying or dead, each retried from here (administrators only).
  failedJobs: adminSetting('failedJobs', 'Services/Actor/FailedJobs/AccessTablePage', 'SyncProblem'),
  // [Operations]: users and slots set up from a CSV file, checked before it is applied (administrators only).
  import: adminSetting('import', 'Services/Actor/Import/Upload', 'UploadFile'),
  usersForInput: {
    path: 'Services/Actor/UsersForInput/AccessTablePage',
    access: 'administrators',
    menu: { id: 'userForInput', icon: 'Person', audience: 'nobody' },
  },
  redirect: {
    path: '_redirect',
    access: 'everyone',
  },
  // [Fair share 2]: the fair draw in plain words, linked from the form's draw note and the user's requests.
  drawGuide: {
    path: 'Services/Actor/DrawRequests/HowItWorks',
    access: 'everyone',
  },
  parkingGarage: {
    path: 'Services/Actor/ParkingGarages/AccessViewPage/:signedIdentifier',
    access: 'administrators',
  },
  // Issue 32, item 1: one slot, with its place on its floor plan.
  parkingSlot: {
    path: 'Services/Actor/ParkingSlots/AccessViewPage/:signedIdentifier',
    access: 'administrators',
  },
  user: {
    path: 'Services/Actor/Users/AccessViewPage/:signedIdentifier',
    access: 'administrators',
  },
  group: {
    path: 'Services/Actor/Groups/AccessViewPage/:signedIdentifier',
    access: 'administrators',
  },
  userForInput: {
    path: 'Services/Actor/UsersForInput/AccessViewPage/:signedIdentifier',
    access: 'administrators',
  },
  additionalDays: relation('ConfigurationSettings', 'additionalDays', 'RelationTablePage', 'administrators'),
  doormen: relation('ConfigurationSettings', 'doormans', 'RelationTablePage', 'administrators'),
  assignedGarage: relation('Doorman', 'assignedGarages', 'RelationViewPage', 'administrators'),
  accessedGarage: relation('DoormanInput', 'accessedGarages', 'RelationViewPage', 'administrators'),
  holidayUser: relation('HolidayInput', 'user', 'RelationViewPage', 'everyone'),
  holidayList: relation('HolidayPanel', 'holidays', 'RelationTablePage', 'everyone'),
  holiday: relation('HolidayPanel', 'holidays', 'RelationViewPage', 'everyone'),
  accessedUser: relation('ParkingGarageSettings', 'accessedUsers', 'RelationViewPage', 'administrators'),
  garageParkingSlots: relation(
    'ParkingGarageSettings',
    'parkingSlots',
    'RelationTablePage',
    'administrators',
  ),
  slotParkingGarage: relation('ParkingSlotSettings', 'parkingGarage', 'RelationViewPage', 'administrators'),
  accessedParkingGarage: relation(
    'ProfileSettings',
    'accessedParkingGarages',
    'RelationViewPage',
    'everyone',
  ),
  accessedParkingSlots: relation('ProfileSettings', 'accessedParkingSlots', 'RelationTablePage', 'everyone'),
  accessedParkingSlot: relation('ProfileSettings', 'accessedParkingSlots', 'RelationViewPage', 'everyone'),
  cars: relation('ProfileSettings', 'cars', 'RelationTablePage', 'everyone'),
  idCardForParkingGarage: relation(
    'ProfileSettings',
    'idCardsForParkingGarages',
    'RelationViewPage',
    'everyone',
  ),
  preferredParkingSlot: relation('ProfileSettings', 'preferedParkingSlot', 'RelationViewPage', 'everyone'),
  reservationParkingSlot: relation('ReservationInput', 'parkingSlot', 'RelationViewPage', 'everyone'),
  reservationUser: relation('ReservationInput', 'user', 'RelationViewPage', 'everyone'),
  futureReservations: relation(
    'ReservationsPanel',
    'futureReservations',
    'RelationTablePage',
    'administrators',
  ),
  previousReservations: relation(
    'ReservationsPanel',
    'previousReservations',
    'RelationTablePage',
    'administrators',
  ),
  userPreferredParkingSlot: relation(
    'UserForInput',
    'preferredParkingSlot',
    'RelationViewPage',
    'administrators',
  ),
  activeReservations: relation('UserReservationPanel', 'activeReservations', 'RelationTablePage', 'everyone'),
  myHolidays: relation('UserReservationPanel', 'holidays', 'RelationTablePage', 'everyone'),
  myHoliday: relation('UserReservationPanel', 'holidays', 'RelationViewPage', 'everyone'),
  myPreviousReservations: relation(
    'UserReservationPanel',
    'previousReservation',
    'RelationTablePage',
    'everyone',
  ),
  userAccessedParkingGarages: relation(
    'UserSettings',
    'accessedParkingGarages',
    'RelationTablePage',
    'administrators',
  ),
  userAccessedParkingGarage: relation(
    'UserSettings',
    'accessedParkingGarages',
    'RelationViewPage',
    'administrators',
  ),
  userHoliday: relation('UserSettings', 'holiday', 'RelationViewPage', 'administrators'),
  userIdCardForParkingGarage: relation(
    'UserSettings',
    'idCardsForParkingGarages',
    'RelationViewPage',
    'administrators',
  ),
} as const satisfies Partial<Record<PageTitleName, ScreenDeclaration>>;

type Screens = typeof screens;
export type ScreenName = keyof Screens;

/** A screen as the router and the menu read it. */
export type Screen = ScreenDeclaration & { name: ScreenName; titleKey: `page.${ScreenName}` };

function isScreenName(name: string): name is ScreenName {
  return Object.hasOwn(screens, name);
}

function toScreen(name: ScreenName): Screen {
  const declaration: ScreenDeclaration = screens[name];
  return { ...declaration, name, titleKey: `page.${name}` };
}

/** Every screen, in declaration order, so the menu entries among them are in the menu's order. */
export const screenList: readonly Screen[] = Object.keys(screens).filter(isScreenName).map(toScreen);

/** The screens that show a page of their own; a relation screen shows its kind's generic page. */
export type PageScreenName = {
  [Name in ScreenName]: Screens[Name] extends { relation: RelationScreen } ? never : Name;
}[ScreenName];

/** The names of a path pattern's parameters: `'a/:b/c/:d'` gives `'b' | 'd'`. */
type ParameterNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParameterNames<Rest>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

type PathArguments<Name extends ScreenName> = [ParameterNames<Screens[Name]['path']>] extends [never]
  ? []
  : [parameters: Readonly<Record<ParameterNames<Screens[Name]['path']>, string>>];

/**
 * The browser path of a screen, its parameters filled in and encoded: `screenPath('user', {
 * signedIdentifier })`. A screen with parameters needs all of them, one without takes none.
 */
export function screenPath<Name extends ScreenName>(name: Name, ...parameters: PathArguments<Name>): string {
  const [values] = parameters;
  return fillPath(screens[name].path, values ?? {});
}

function fillPath(pattern: string, values: Readonly<Record<string, string>>): string {
  const path = pattern.replace(/:(\w+)/g, (_, parameter: string) => {
    const value = values[parameter];
    if (value === undefined) {
      throw new Error(`The path ${pattern} needs its parameter ${parameter}`);
    }
    return encodeURIComponent(value);
  });
  return `/${path}`;
}

/** The screen a route shows, by its name (a page reads its own from its title key). */
export function screenNamed(name: string): Screen | undefined {
  return screenList.find((screen) => screen.name === name);
}

/** The relation screens of an owner type (SPEC §2.2), in declaration order: the owner's pages link to them. */
export function relationScreensOf(owner: TransferName): Screen[] {
  return screenList.filter((screen) => screen.relation?.owner === owner);
}

/** The browser path of a relation screen for the signed identifier it shows. */
export function relationScreenPath(screen: Screen, signedIdentifier: string): string {
  return fillPath(screen.path, { signedIdentifier });
}
