import type { PageLoader } from '../extensions/registry.ts';

/**
 * The page each route shows unless a plug-in replaced it. An issue that delivers a page changes its line
 * here; every other route shows its title and says it is not available yet.
 */
const pages: Record<string, PageLoader> = {
  '': () => import('../pages/dashboard/DashboardPage.tsx'),
  _redirect: () => import('../pages/RedirectPage.tsx'),
  'Services/Actor/ReservationsAccess/AccessViewPage': () =>
    import('../pages/admin-views/ReservationsPanelPage.tsx'),
  'Services/Actor/DoormanArrivals/AccessViewPage': () => import('../pages/arrivals/ArrivalsPage.tsx'),
  'Services/Actor/ParkingGarages/AccessViewPage/:signedIdentifier': () =>
    import('../pages/admin-views/ParkingGarageViewPage.tsx'),
  'Services/Actor/Users/AccessViewPage/:signedIdentifier': () =>
    import('../pages/admin-views/UserViewPage.tsx'),
  'Services/Actor/UsersForInput/AccessViewPage/:signedIdentifier': () =>
    import('../pages/admin-views/UserForInputViewPage.tsx'),
  'Services/Actor/ConfigurationSettings/AccessViewPage': () =>
    import('../pages/admin-views/ConfigurationSettingsPage.tsx'),
  'Services/Actor/ParkingGarages/AccessTablePage': () => import('../pages/admin/ParkingGaragesTablePage.tsx'),
  'Services/Actor/ParkingSlots/AccessTablePage': () => import('../pages/admin/ParkingSlotsTablePage.tsx'),
  'Services/Actor/ProfileSettings/AccessViewPage': () => import('../pages/profile/ProfileSettingsPage.tsx'),
  'Services/Actor/UserHolidays/AccessViewPage': () => import('../pages/holidays/HolidaysPage.tsx'),
  'Services/Actor/Users/AccessTablePage': () => import('../pages/admin/UsersTablePage.tsx'),
  'Services/Actor/UsersForInput/AccessTablePage': () => import('../pages/admin/UsersForInputTablePage.tsx'),
};

export function defaultPageLoader(path: string): PageLoader {
  return pages[path] ?? (() => import('../pages/NotAvailablePage.tsx'));
}
