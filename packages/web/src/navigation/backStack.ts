import { BREADCRUMB_MAX } from '../theme/layout.ts';
import type { Place } from './trail.ts';

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
 * The breadcrumb: the trail of places to the current page (trail.ts), Home kept first and at most `max` items
 * in all. Each item knows how far back the stack holds its page, so returning to it is a step back (the
 * stack stays true for Back); a page not on the stack is opened anew.
 */
export function breadcrumb(stack: StackEntry[], places: Place[], max: number = BREADCRUMB_MAX): Crumb[] {
  const last = stack.length - 1;
  const crumbs = places.map((place) => {
    const index = stack.findLastIndex((entry) => entry.path === place.path);
    return { ...place, depth: index === -1 ? NOT_ON_STACK : last - index };
  });
  const [home, ...below] = crumbs;
  return home === undefined ? [] : [home, ...below.slice(-(max - 1))];
}
