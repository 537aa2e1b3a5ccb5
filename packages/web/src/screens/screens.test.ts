import type { Principal } from '@parkhere/contract';
import { isValidElement } from 'react';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AdminOnly } from '../app/AdminOnly.tsx';
import { createAppRoutes } from '../app/routes.tsx';
import type { MenuItem } from '../extensions/types.ts';
import { defaultMenuItems } from '../menu/menuItems.ts';
import { type Screen, screenList, screenPath } from './screens.ts';

/** The path the builder gives a screen; a screen whose path takes no signed identifier ignores it. */
function builtPath(screen: Screen): string {
  return screenPath(screen.name, { signedIdentifier: 'signed-1' });
}

function principal(role: 'user' | 'administrator' | 'doorman'): Principal {
  return {
    __signedIdentifier: 'signed',
    __entityType: 'ParkHere::Principal',
    preferredUsername: role,
    name: 'Someone',
    email: 'someone@parkhere.example',
    isAdministrator: role === 'administrator',
    isDoorman: role === 'doorman',
    imageSrc: null,
  };
}

/** Each entry as `id title icon url` and who it is hidden from, children indented by two spaces. */
function outline(items: MenuItem[], depth = 0): string[] {
  return items.flatMap((item) => {
    const hiddenFrom = (['user', 'administrator', 'doorman'] as const).filter((role) =>
      item.hiddenBy?.(principal(role)),
    );
    const line = [
      `${' '.repeat(depth * 2)}${item.id}`,
      item.title,
      item.icon,
      item.url ?? '-',
      hiddenFrom.length > 0 ? `hidden from ${hiddenFrom.join(', ')}` : '',
    ]
      .join(' ')
      .trimEnd();
    return [line, ...outline(item.children ?? [], depth + 1)];
  });
}

describe('screen registry', () => {
  it('reaches every screen by its path builder, behind the administrator check where it is one', () => {
    const routes = createAppRoutes();
    for (const screen of screenList) {
      const matches = matchRoutes(routes, builtPath(screen)) ?? [];
      const page = matches.at(-1)?.route;
      expect(page?.path ?? (page?.index ? '' : undefined), screen.name).toBe(screen.path);
      const guarded = matches.some(
        ({ route }) => isValidElement(route.element) && route.element.type === AdminOnly,
      );
      expect(guarded, screen.name).toBe(screen.access === 'administrators');
    }
  });

  it('gives each screen its own path and its title key', () => {
    expect(new Set(screenList.map((screen) => screen.path)).size).toBe(screenList.length);
    expect(screenList.find((screen) => screen.name === 'cars')).toMatchObject({
      path: 'Services/ProfileSettings/Cars/RelationTablePage/:signedIdentifier',
      titleKey: 'page.cars',
      access: 'everyone',
    });
  });

  it('builds browser paths, the dashboard at the root and parameters encoded', () => {
    expect(screenPath('dashboard')).toBe('/');
    expect(screenPath('profileSettings')).toBe('/Services/Actor/ProfileSettings/AccessViewPage');
    expect(screenPath('user', { signedIdentifier: 'a/b c' })).toBe(
      '/Services/Actor/Users/AccessViewPage/a%2Fb%20c',
    );
  });

  it('names only screens it knows, with the parameters their paths take', () => {
    // Compile-time checks: `npm run typecheck` fails if any of these lines is accepted.
    // @ts-expect-error a path that names no screen
    expect(() => screenPath('nowhere')).toThrow();
    // @ts-expect-error a view without the signed identifier it shows
    expect(() => screenPath('user')).toThrow();
    // @ts-expect-error a parameter the path does not take
    expect(screenPath('users', { signedIdentifier: 'x' })).toBe('/Services/Actor/Users/AccessTablePage');
  });

  it('derives the menu of SPEC §2.3 in its order, with icons, addresses and audiences', () => {
    expect(outline(defaultMenuItems)).toEqual([
      'reservation menu.reservation EventAvailable',
      'holidays menu.holidays BeachAccess Services/Actor/UserHolidays/AccessViewPage',
      'reservations menu.reservations ListAlt Services/Actor/ReservationsAccess/AccessViewPage hidden from user, doorman',
      'draws menu.draws Casino Services/Actor/ReservationsAccess/Draws hidden from user, doorman',
      'arrivals menu.arrivals Garage Services/Actor/DoormanArrivals/AccessViewPage hidden from user, administrator',
      'profileSettings menu.profileSettings ManageAccounts Services/Actor/ProfileSettings/AccessViewPage',
      'settings menu.settings Settings - hidden from user, doorman',
      '  parkingSlots menu.parkingSlots LocalParking Services/Actor/ParkingSlots/AccessTablePage',
      '  parkingGarages menu.parkingGarages Garage Services/Actor/ParkingGarages/AccessTablePage',
      '  users menu.users People Services/Actor/Users/AccessTablePage',
      '  groups menu.groups Groups Services/Actor/Groups/AccessTablePage',
      '  configuration menu.configuration Tune Services/Actor/ConfigurationSettings/AccessViewPage',
      '  reports menu.reports BarChart Services/Actor/Reports/Utilisation',
      '  auditLog menu.auditLog History Services/Actor/AuditLog/AccessTablePage',
      '  failedJobs menu.failedJobs SyncProblem Services/Actor/FailedJobs/AccessTablePage',
      '  import menu.import UploadFile Services/Actor/Import/Upload',
      'userForInput menu.userForInput Person Services/Actor/UsersForInput/AccessTablePage hidden from user, administrator, doorman',
    ]);
  });
});
