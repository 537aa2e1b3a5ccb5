import { afterEach, describe, expect, it } from 'vitest';
import { plainUser as principal } from '../auth/principalForTests.ts';
import {
  customizeMenu,
  decorateNavigationPath,
  getErrorInterceptor,
  pageOverride,
  registerPage,
  resetExtensions,
  setErrorInterceptor,
  setMenuCustomizer,
  setNavigationPathDecorator,
} from './registry.ts';
import type { MenuItem } from './types.ts';

function Plugin() {
  return null;
}

const menu: MenuItem[] = [{ id: 'reservation', type: 'item', title: 'menu.reservation', url: '' }];

describe('extension registry', () => {
  afterEach(() => resetExtensions());

  it('replaces a page by a plug-in service', async () => {
    expect(pageOverride('Services/Actor/UserHolidays/AccessViewPage')).toBeUndefined();
    registerPage('Services/Actor/UserHolidays/AccessViewPage', async () => ({ default: Plugin }));
    const loader = pageOverride('Services/Actor/UserHolidays/AccessViewPage');
    expect((await loader?.())?.default).toBe(Plugin);
    expect(pageOverride('Services/Actor/Users/AccessTablePage')).toBeUndefined();
  });

  it('lets a customizer replace the menu, seeing the principal', () => {
    expect(customizeMenu(menu, principal)).toBe(menu);
    setMenuCustomizer((items, who) => [
      ...items,
      { id: 'extra', type: 'item', title: `extra.${who.preferredUsername}`, url: 'https://example.org' },
    ]);
    expect(customizeMenu(menu, principal).map((item) => item.title)).toEqual([
      'menu.reservation',
      'extra.user',
    ]);
  });

  it('keeps the error interceptor until it is removed', () => {
    const interceptor = () => true;
    setErrorInterceptor(interceptor);
    expect(getErrorInterceptor()).toBe(interceptor);
    setErrorInterceptor(undefined);
    expect(getErrorInterceptor()).toBeUndefined();
  });

  it('rewrites navigation paths through the decorator', () => {
    expect(decorateNavigationPath('/Services/Actor/Users/AccessTablePage')).toBe(
      '/Services/Actor/Users/AccessTablePage',
    );
    setNavigationPathDecorator((path) => `/tenant-a${path}`);
    expect(decorateNavigationPath('/Services/Actor/Users/AccessTablePage')).toBe(
      '/tenant-a/Services/Actor/Users/AccessTablePage',
    );
  });
});
