import { BREADCRUMB_MAX } from '../theme/layout.ts';

/** A visited page. `key` is the router location key, so a browser back can be matched to the stack. */
export type StackEntry = { key: string; path: string; title?: string };

export type LocationChange = { type: 'PUSH' | 'POP' | 'REPLACE'; key: string; path: string };

export const TITLE_WARNING = 'Page title has not been set!';

/**
 * The back stack after a route change; the last entry is the current page. A browser back (POP to a
 * page still on the stack) drops everything after it; a POP to an unknown page (browser forward, or a
 * page visited before a reload) counts as a new visit.
 */
export function applyLocationChange(stack: StackEntry[], change: LocationChange): StackEntry[] {
  const entry: StackEntry = { key: change.key, path: change.path };
  const current = stack.at(-1);
  if (current?.key === change.key) {
    return stack;
  }
  switch (change.type) {
    case 'PUSH':
      return [...stack, entry];
    case 'REPLACE':
      return [...stack.slice(0, -1), entry];
    case 'POP': {
      const index = stack.findLastIndex((candidate) => candidate.key === change.key);
      return index === -1 ? [...stack, entry] : stack.slice(0, index + 1);
    }
  }
}

/** Names the page visited under a location key; the breadcrumb and the back stack show it. */
export function setTitle(stack: StackEntry[], key: string, title: string): StackEntry[] {
  return stack.map((entry) => (entry.key === key && entry.title !== title ? { ...entry, title } : entry));
}

/** `depth` is how many steps back the page is; 0 is the current page, NOT_ON_STACK means open it anew. */
export type Crumb = { label: string; path: string; depth: number };
export const NOT_ON_STACK = -1;

/**
 * The breadcrumb: Home first, then the most recent pages of the stack, at most `max` items in all.
 * The home page itself is shown as Home rather than repeated.
 */
export function breadcrumb(
  stack: StackEntry[],
  home: { label: string; path: string },
  max: number = BREADCRUMB_MAX,
): Crumb[] {
  const last = stack.length - 1;
  const pages: Crumb[] = stack
    .map((entry, index) => ({ label: entry.title ?? entry.path, path: entry.path, depth: last - index }))
    .filter((crumb) => crumb.path !== home.path);
  const homeIndex = stack.findLastIndex((entry) => entry.path === home.path);
  const homeDepth = homeIndex === -1 ? NOT_ON_STACK : last - homeIndex;
  return [{ label: home.label, path: home.path, depth: homeDepth }, ...pages.slice(-(max - 1))];
}
