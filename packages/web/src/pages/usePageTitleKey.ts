import { createContext, useContext } from 'react';

/** Set by the app's routes around each page: the title key of its route. */
export const PageTitleKeyContext = createContext<string | undefined>(undefined);

/** The title key of the page route being shown. */
export function usePageTitleKey(): string {
  return useContext(PageTitleKeyContext) ?? 'page.unknown';
}
