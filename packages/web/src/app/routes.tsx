import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { Outlet, useLocation } from 'react-router';
import { pageOverride } from '../extensions/registry.ts';
import { PageLoading } from '../feedback/PageLoading.tsx';
import { NavigationProvider } from '../navigation/NavigationProvider.tsx';
import { ScrollToTop } from '../navigation/ScrollToTop.tsx';
import { PageTitleKeyContext } from '../pages/usePageTitleKey.ts';
import { type Screen, screenList } from '../screens/screens.ts';
import { AdminOnly } from './AdminOnly.tsx';
import { AppShell } from './AppShell.tsx';
import { PageErrorBoundary, RoutingErrorPage } from './RoutingErrorPage.tsx';
import { pageOf } from './screenPages.ts';

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

/**
 * A lazily loaded page inside the query cache's provider, both fetched in parallel; a page registered for
 * the route id (its path pattern) wins over the screen's own.
 */
function lazyPage(screen: Screen) {
  return lazy(async () => {
    const [{ QueryRoot }, { default: Page }] = await Promise.all([
      import('../api/QueryRoot.tsx'),
      (pageOverride(screen.path) ?? pageOf(screen))(),
    ]);
    return {
      default: () => (
        <QueryRoot>
          <Page />
        </QueryRoot>
      ),
    };
  });
}

function toRouteObject(screen: Screen): RouteObject {
  const Page = lazyPage(screen);
  const element = (
    <PageTitleKeyContext value={screen.titleKey}>
      <Page />
    </PageTitleKeyContext>
  );
  return screen.path === '' ? { index: true, element } : { path: screen.path, element };
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
                ...screenList.filter((screen) => screen.access === 'everyone').map(toRouteObject),
                {
                  element: <AdminOnly />,
                  children: screenList
                    .filter((screen) => screen.access === 'administrators')
                    .map(toRouteObject),
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
