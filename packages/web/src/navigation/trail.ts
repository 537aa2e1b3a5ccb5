import { matchPath } from 'react-router';
import { type Screen, type ScreenName, screenList } from '../screens/screens.ts';

/**
 * Where a page sits in the app, for the breadcrumb: the screens above it, read from the routes alone so the
 * trail is the same after a reload or a link from a mail, whatever the user visited before.
 */

/** A view of one record sits under the table that lists it. */
const VIEW_PARENTS: Partial<Record<ScreenName, ScreenName>> = {
  parkingGarage: 'parkingGarages',
  user: 'users',
  userForInput: 'usersForInput',
};

/**
 * A relation route (SPEC §2.2, `Services/<Owner>/<Relation>/…`) sits under the page that shows its owner.
 * Owners shown on a record's own view (a garage, a user) go to that record's table: the route's identifier
 * names the owner, not the record the view page is opened with.
 */
const OWNER_PARENTS: Readonly<Record<string, ScreenName>> = {
  ConfigurationSettings: 'configuration',
  Doorman: 'configuration',
  DoormanInput: 'configuration',
  HolidayInput: 'holidays',
  HolidayPanel: 'holidays',
  ParkingGarageSettings: 'parkingGarages',
  ParkingSlotSettings: 'parkingSlots',
  ProfileSettings: 'profileSettings',
  ReservationInput: 'dashboard',
  ReservationsPanel: 'reservations',
  UserForInput: 'usersForInput',
  UserReservationPanel: 'dashboard',
  UserSettings: 'users',
};

const RELATION_OWNER = /^Services\/(\w+)\/\w+\/Relation(?:Table|View)Page\//;

const byName = new Map(screenList.map((screen) => [screen.name, screen]));

/** The screen a browser path shows, if any. */
export function screenAt(pathname: string): Screen | undefined {
  return screenList.find((screen) => matchPath({ path: `/${screen.path}`, end: true }, pathname) !== null);
}

/** The screen a screen sits under; the dashboard (Home) for some, none for the top-level pages. */
export function parentOf(screen: Screen): Screen | undefined {
  const owner = RELATION_OWNER.exec(screen.path)?.[1];
  const parent = VIEW_PARENTS[screen.name] ?? (owner === undefined ? undefined : OWNER_PARENTS[owner]);
  return parent === undefined ? undefined : byName.get(parent);
}

export type Place = { label: string; path: string };

/**
 * Home, the screens above the page, and the page itself (named by its own title once it has set one, e.g. a
 * garage's name). An address that names no screen is just Home and the page.
 */
export function trail(
  pathname: string,
  options: { home: Place; pageTitle?: string; screenLabel(screen: Screen): string },
): Place[] {
  const { home, pageTitle, screenLabel } = options;
  if (pathname === home.path) {
    return [home];
  }
  const screen = screenAt(pathname);
  const above: Place[] = [];
  for (let parent = screen && parentOf(screen); parent !== undefined; parent = parentOf(parent)) {
    if (parent.name !== 'dashboard') {
      above.unshift({ label: screenLabel(parent), path: `/${parent.path}` });
    }
  }
  const label = pageTitle ?? (screen === undefined ? pathname : screenLabel(screen));
  return [home, ...above, { label, path: pathname }];
}
