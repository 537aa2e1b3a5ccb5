import type { PageLoader } from '../extensions/registry.ts';

/**
 * The page each route shows unless a plug-in replaced it. An issue that delivers a page changes its line
 * here; every other route shows its title and says it is not available yet.
 */
const pages: Record<string, PageLoader> = {
  _redirect: () => import('../pages/RedirectPage.tsx'),
};

export function defaultPageLoader(path: string): PageLoader {
  return pages[path] ?? (() => import('../pages/NotAvailablePage.tsx'));
}
