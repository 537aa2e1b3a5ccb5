import type { Principal } from '@parkhere/contract';
import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../extensions/types.ts';
import { defaultMenuItems } from './menuItems.ts';
import { buildMenu, type MenuNode, menuLink, splitBottomNavigation } from './menuModel.ts';

function principal(isAdministrator: boolean): Principal {
  return {
    __signedIdentifier: 'signed',
    __entityType: 'ParkHere::Principal',
    preferredUsername: isAdministrator ? 'admin' : 'user',
    name: 'Someone',
    email: 'someone@parkhere.example',
    isAdministrator,
    isDoorman: false,
    imageSrc: null,
  };
}

/** Titles of the tree, children indented by two spaces, as a reader of the menu would list it. */
function outline(nodes: MenuNode[], depth = 0): string[] {
  return nodes.flatMap((node) => {
    const line = `${' '.repeat(depth * 2)}${node.title}`;
    return node.kind === 'group' || node.kind === 'collapse'
      ? [line, ...outline(node.children, depth + 1)]
      : [line];
  });
}

describe('menu visibility (SPEC §2.3)', () => {
  it('shows an administrator everything but UserForInput, in order', () => {
    expect(outline(buildMenu(defaultMenuItems, principal(true)))).toEqual([
      'menu.reservation',
      'menu.holidays',
      'menu.reservations',
      'menu.draws',
      'menu.profileSettings',
      'menu.settings',
      '  menu.parkingSlots',
      '  menu.parkingGarages',
      '  menu.users',
      '  menu.groups',
      '  menu.configuration',
      '  menu.reports',
      '  menu.auditLog',
      '  menu.failedJobs',
      '  menu.import',
    ]);
  });

  it('hides Reservations and the Settings group from an ordinary user', () => {
    expect(outline(buildMenu(defaultMenuItems, principal(false)))).toEqual([
      'menu.reservation',
      'menu.holidays',
      'menu.profileSettings',
    ]);
  });

  it('links each entry to its route, the dashboard to the app root', () => {
    const [reservation, holidays] = buildMenu(defaultMenuItems, principal(false));
    expect(reservation).toMatchObject({ kind: 'item', link: { external: false, href: '/' } });
    expect(holidays).toMatchObject({ link: { href: '/Services/Actor/UserHolidays/AccessViewPage' } });
  });

  it('drops a group whose children are all hidden', () => {
    const items: MenuItem[] = [
      {
        id: 'g',
        type: 'group',
        title: 'g',
        children: [{ id: 'a', type: 'item', title: 'a', hiddenBy: () => true }],
      },
    ];
    expect(buildMenu(items, principal(true))).toEqual([]);
  });

  it('keeps nested collapsible groups', () => {
    const items: MenuItem[] = [
      {
        id: 'outer',
        type: 'collapse',
        title: 'outer',
        children: [
          {
            id: 'inner',
            type: 'collapse',
            title: 'inner',
            children: [{ id: 'x', type: 'item', title: 'x' }],
          },
        ],
      },
    ];
    expect(outline(buildMenu(items, principal(false)))).toEqual(['outer', '  inner', '    x']);
  });
});

describe('menu item types', () => {
  it("turns an unknown type into a 'Menu Items Error' / 'Invalid item type' entry", () => {
    // A plug-in written in plain JavaScript can hand over any type at run time.
    const broken = JSON.parse('{"id": "odd", "type": "link", "title": "odd"}') as MenuItem;
    expect(buildMenu([broken], principal(false))).toEqual([
      { kind: 'error', id: 'odd', title: 'menu.error.title', message: 'menu.error.invalidType' },
    ]);
  });
});

describe('menu addresses', () => {
  it('opens addresses starting with http externally, as they are', () => {
    expect(menuLink('https://intranet.example/parking')).toEqual({
      external: true,
      href: 'https://intranet.example/parking',
    });
    expect(menuLink('http://a.example')).toEqual({ external: true, href: 'http://a.example' });
  });

  it('navigates to every other address inside the app', () => {
    expect(menuLink('Services/Actor/Users/AccessTablePage')).toEqual({
      external: false,
      href: '/Services/Actor/Users/AccessTablePage',
    });
    expect(menuLink(undefined)).toEqual({ external: false, href: '/' });
  });
});

describe('menu customizer', () => {
  it('may replace the menu, and hidden rules still apply to what it returns', () => {
    const customized = buildMenu(defaultMenuItems, principal(false), (items, who) => [
      { id: 'help', type: 'item', title: `help.${who.preferredUsername}`, url: 'https://help.example' },
      ...items.filter((item) => item.id !== 'holidays'),
    ]);
    expect(outline(customized)).toEqual(['help.user', 'menu.reservation', 'menu.profileSettings']);
  });
});

describe('bottom navigation (SPEC §2.4)', () => {
  it("puts the first three top-level entries in the bar and the rest under 'Other'", () => {
    const { primary, other } = splitBottomNavigation(buildMenu(defaultMenuItems, principal(true)));
    expect(primary.map((node) => node.title)).toEqual([
      'menu.reservation',
      'menu.holidays',
      'menu.reservations',
    ]);
    expect(other.map((node) => node.title)).toEqual(['menu.draws', 'menu.profileSettings', 'menu.settings']);
  });

  it("needs no 'Other' when three entries are all there is", () => {
    const { primary, other } = splitBottomNavigation(buildMenu(defaultMenuItems, principal(false)));
    expect(primary).toHaveLength(3);
    expect(other).toEqual([]);
  });
});
