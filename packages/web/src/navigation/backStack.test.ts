import { describe, expect, it } from 'vitest';
import { applyLocationChange, breadcrumb, NOT_ON_STACK, type StackEntry, setTitle } from './backStack.ts';

const home = { label: 'Home', path: '/' };

function visit(paths: string[]): StackEntry[] {
  return paths.reduce<StackEntry[]>(
    (stack, path, index) =>
      setTitle(
        applyLocationChange(stack, { type: 'PUSH', key: `k${index}`, path }),
        `k${index}`,
        path.slice(1),
      ),
    [],
  );
}

describe('back stack (SPEC §2.7)', () => {
  it('adds each visited page on top', () => {
    expect(visit(['/', '/a', '/b']).map((entry) => entry.path)).toEqual(['/', '/a', '/b']);
  });

  it('pops back to the page the browser returned to', () => {
    const stack = visit(['/', '/a', '/b', '/c']);
    const after = applyLocationChange(stack, { type: 'POP', key: 'k1', path: '/a' });
    expect(after.map((entry) => entry.path)).toEqual(['/', '/a']);
  });

  it('counts a browser forward to a page no longer on the stack as a new visit', () => {
    const stack = visit(['/', '/a']);
    const after = applyLocationChange(stack, { type: 'POP', key: 'forward', path: '/b' });
    expect(after.map((entry) => entry.path)).toEqual(['/', '/a', '/b']);
  });

  it('replaces the current page on a redirect', () => {
    const stack = visit(['/', '/a']);
    const after = applyLocationChange(stack, { type: 'REPLACE', key: 'r', path: '/b' });
    expect(after.map((entry) => entry.path)).toEqual(['/', '/b']);
  });

  it('keeps each page with its title', () => {
    expect(visit(['/', '/a']).map((entry) => entry.title)).toEqual(['', 'a']);
  });
});

describe('breadcrumb (SPEC §2.7)', () => {
  const places = (...paths: string[]) => [home, ...paths.map((path) => ({ label: path.slice(1), path }))];

  it('starts with Home and shows at most 5 items, the nearest to the page', () => {
    const crumbs = breadcrumb(visit(['/', '/f']), places('/a', '/b', '/c', '/d', '/e', '/f'));
    expect(crumbs.map((crumb) => crumb.label)).toEqual(['Home', 'c', 'd', 'e', 'f']);
  });

  it('shows where the page sits, not the pages visited before it', () => {
    const crumbs = breadcrumb(
      visit(['/', '/profile', '/tables', '/tables/1']),
      places('/tables', '/tables/1'),
    );
    expect(crumbs.map((crumb) => crumb.label)).toEqual(['Home', 'tables', 'tables/1']);
  });

  it('knows how many steps back each item is on the stack', () => {
    const crumbs = breadcrumb(visit(['/', '/a', '/x', '/b']), places('/a', '/b'));
    expect(crumbs.map((crumb) => [crumb.label, crumb.depth])).toEqual([
      ['Home', 3],
      ['a', 2],
      ['b', 0],
    ]);
  });

  it('opens a place anew when the stack does not hold it (after a reload)', () => {
    const [first, second] = breadcrumb(visit(['/a/1']), places('/a', '/a/1'));
    expect(first).toEqual({ label: 'Home', path: '/', depth: NOT_ON_STACK });
    expect(second).toEqual({ label: 'a', path: '/a', depth: NOT_ON_STACK });
  });

  it('is just Home on the home page', () => {
    expect(breadcrumb(visit(['/a', '/']), [home])).toEqual([{ label: 'Home', path: '/', depth: 0 }]);
  });
});
