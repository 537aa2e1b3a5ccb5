import type { RouteObject } from 'react-router';
import { Outlet } from 'react-router';
import { pageOverride } from '../extensions/registry.ts';
import { NavigationProvider } from '../navigation/NavigationProvider.tsx';
import { ScrollToTop } from '../navigation/ScrollToTop.tsx';
import { AdminOnly } from './AdminOnly.tsx';
import { ErrorBoundaryScreen } from './AppErrorBoundary.tsx';
import { AppShell } from './AppShell.tsx';
import { PageLoading } from './PageLoading.tsx';
import { defaultPageLoader } from './pageLoaders.ts';
import { RouteErrorBoundary, RoutingErrorPage } from './RoutingErrorPage.tsx';
import { type PageHandle, type PageRoute, pageRoutes } from './routeTable.ts';

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

/** A lazily loaded page; a page registered for the route id (its path pattern) wins over the default. */
function toRouteObject(page: PageRoute): RouteObject {
  const handle: PageHandle = { titleKey: page.titleKey };
  const lazy = async () => {
    const load = pageOverride(page.path) ?? defaultPageLoader(page.path);
    const module = await load();
    return { Component: module.default };
  };
  return page.path === '' ? { index: true, handle, lazy } : { path: page.path, handle, lazy };
}

export function createAppRoutes(): RouteObject[] {
  return [
    {
      element: <NavigationRoot />,
      // The shell itself failed: only Logout and Reload can help.
      errorElement: <ErrorBoundaryScreen />,
      hydrateFallbackElement: <PageLoading />,
      children: [
        {
          path: '/',
          element: <AppShell />,
          children: [
            {
              // Errors of a page show inside the shell, so the menu stays usable.
              errorElement: <RouteErrorBoundary />,
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
