import type { PageLoader } from '../extensions/registry.ts';
import { type PageScreenName, type RelationPage, type Screen, screenList } from '../screens/screens.ts';
import { screenCode } from './screenCode.ts';

/*
 * The page each screen loads lazily. Only the routes and the start-up load pages: components and navigation
 * reach screens through `screens/screens.ts`, which loads none, so a page that links to a screen does not
 * depend on every other page (`npm run lint` keeps it so).
 */

const pages = {
  dashboard: () => import('../pages/dashboard/DashboardPage.tsx'),
  holidays: () => import('../pages/holidays/HolidaysPage.tsx'),
  reservations: () => import('../pages/admin-views/ReservationsPanelPage.tsx'),
  draws: () => import('../pages/draw-admin/DrawsPage.tsx'),
  arrivals: () => import('../pages/arrivals/ArrivalsPage.tsx'),
  profileSettings: () => import('../pages/profile/ProfileSettingsPage.tsx'),
  parkingSlots: () => import('../pages/admin/ParkingSlotsTablePage.tsx'),
  parkingGarages: () => import('../pages/admin/ParkingGaragesTablePage.tsx'),
  users: () => import('../pages/admin/UsersTablePage.tsx'),
  groups: () => import('../pages/admin/GroupsTablePage.tsx'),
  configuration: () => import('../pages/admin-views/ConfigurationSettingsPage.tsx'),
  reports: () => import('../pages/reports/ReportsPage.tsx'),
  auditLog: () => import('../pages/audit/AuditLogPage.tsx'),
  failedJobs: () => import('../pages/admin/FailedJobsTablePage.tsx'),
  import: () => import('../pages/import/ImportPage.tsx'),
  usersForInput: () => import('../pages/admin/UsersForInputTablePage.tsx'),
  redirect: () => import('../pages/RedirectPage.tsx'),
  drawGuide: () => import('../pages/draw/DrawGuidePage.tsx'),
  parkingGarage: () => import('../pages/admin-views/ParkingGarageViewPage.tsx'),
  parkingSlot: () => import('../pages/admin-views/ParkingSlotViewPage.tsx'),
  user: () => import('../pages/admin-views/UserViewPage.tsx'),
  group: () => import('../pages/admin-views/GroupViewPage.tsx'),
  userForInput: () => import('../pages/admin-views/UserForInputViewPage.tsx'),
} as const satisfies Record<PageScreenName, PageLoader>;

/** One generic page per kind of relation screen; it reads which relation it shows from its screen. */
const relationPages: Record<RelationPage, PageLoader> = {
  RelationTablePage: () => import('../pages/relations/RelationTablePage.tsx'),
  RelationViewPage: () => import('../pages/relations/RelationViewPage.tsx'),
};

function hasOwnPage(name: string): name is PageScreenName {
  return Object.hasOwn(pages, name);
}

/** The page a screen shows: its own, or its relation kind's. */
export function pageOf(screen: Screen): PageLoader {
  const load = ownPageOf(screen);
  // The code the screens share first, a chunk per task, so the page's import evaluates only its own.
  return () => screenCode().then(load);
}

function ownPageOf(screen: Screen): PageLoader {
  if (screen.relation !== undefined) {
    return relationPages[screen.relation.kind];
  }
  if (!hasOwnPage(screen.name)) {
    throw new Error(`The screen ${screen.name} has no page`);
  }
  return pages[screen.name];
}

/**
 * Starts loading the page of the screen at `pathname` (one without parameters) as the app starts, so its code
 * arrives while sign-in runs instead of after it; the router's lazy import then finds it loaded.
 */
export function preloadPageAt(pathname: string): void {
  // Whatever the page, the code the screens share: a page with parameters is not preloaded.
  screenCode().catch(() => {
    // The page's own load tries again.
  });
  const screen = screenList.find(
    (candidate) => !candidate.path.includes(':') && `/${candidate.path}` === pathname,
  );
  if (screen === undefined) {
    return;
  }
  pageOf(screen)().catch(() => {
    // The router loads it again and shows its own error.
  });
}
