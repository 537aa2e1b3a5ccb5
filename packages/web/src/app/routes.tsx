import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { Outlet, useLocation } from 'react-router';
import { pageOverride } from '../extensions/registry.ts';
import { NavigationProvider } from '../navigation/NavigationProvider.tsx';
import { ScrollToTop } from '../navigation/ScrollToTop.tsx';
import { PageTitleKeyContext } from '../pages/usePageTitleKey.ts';
import { AdminOnly } from './AdminOnly.tsx';
import { AppShell } from './AppShell.tsx';
import { PageLoading } from './PageLoading.tsx';
import { defaultPageLoader } from './pageLoaders.ts';
import { PageErrorBoundary, RoutingErrorPage } from './RoutingErrorPage.tsx';
import { type PageRoute, pageRoutes } from './routeTable.ts';

function NavigationRoot() {
  return (
    <NavigationProvider>
      <ScrollToTop />
      <Outlet />
    </NavigationProvider>
  );
}

function NotFoundPage() {
  return <RoutingErrorPage status={404} />;
}

/**
 * Where pages show. Errors of a page show inside the shell, so the menu stays usable. The first page shows
 * the loading indicator while it loads; later navigations are transitions, so the previous page stays until
 * the next has loaded.
 */
function PageFrame() {
  const { key } = useLocation();
  return (
    <PageErrorBoundary locationKey={key}>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </PageErrorBoundary>
  );
}

/** A lazily loaded page; a page registered for the route id (its path pattern) wins over the default. */
function toRouteObject(page: PageRoute): RouteObject {
  const Page = lazy(() => (pageOverride(page.path) ?? defaultPageLoader(page.path))());
  const element = (
    <PageTitleKeyContext value={page.titleKey}>
      <Page />
    </PageTitleKeyContext>
  );
  return page.path === '' ? { index: true, element } : { path: page.path, element };
}

/**
 * Plain element routes (no loaders, lazy or error elements), so the app runs on the declarative router
 * and react-router's data router stays out of the bundle.
 */
export function createAppRoutes(): RouteObject[] {
  return [
    {
      element: <NavigationRoot />,
      children: [
        {
          path: '/',
          element: <AppShell />,
          children: [
            {
              element: <PageFrame />,
              children: [
                ...pageRoutes.filter((page) => !page.adminOnly).map(toRouteObject),
                {
                  element: <AdminOnly />,
                  children: pageRoutes.filter((page) => page.adminOnly).map(toRouteObject),
                },
                { path: '*', element: <NotFoundPage /> },
              ],
            },
          ],
        },
      ],
    },
  ];
}
