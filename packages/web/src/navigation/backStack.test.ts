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
  it('starts with Home and shows at most 5 items, the latest pages', () => {
    const crumbs = breadcrumb(visit(['/', '/a', '/b', '/c', '/d', '/e', '/f']), home);
    expect(crumbs.map((crumb) => crumb.label)).toEqual(['Home', 'c', 'd', 'e', 'f']);
  });

  it('knows how many steps back each item is', () => {
    const crumbs = breadcrumb(visit(['/', '/a', '/b']), home);
    expect(crumbs.map((crumb) => [crumb.label, crumb.depth])).toEqual([
      ['Home', 2],
      ['a', 1],
      ['b', 0],
    ]);
  });

  it('opens Home anew when the home page is not on the stack', () => {
    const [first] = breadcrumb(visit(['/a', '/b']), home);
    expect(first).toEqual({ label: 'Home', path: '/', depth: NOT_ON_STACK });
  });

  it('is just Home on the home page', () => {
    expect(breadcrumb(visit(['/']), home)).toEqual([{ label: 'Home', path: '/', depth: 0 }]);
  });
});
