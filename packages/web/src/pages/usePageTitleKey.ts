import { useMatches } from 'react-router';
import { isPageHandle } from '../app/routeTable.ts';

/** The title key of the page route being shown, from the route's handle. */
export function usePageTitleKey(): string {
  const handle = useMatches()
    .map((match) => match.handle)
    .findLast(isPageHandle);
  return handle?.titleKey ?? 'page.unknown';
}
