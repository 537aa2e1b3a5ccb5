import type { Principal } from '@parkhere/contract';
import type { MenuItem } from '../extensions/types.ts';
import {
  type MenuAudience,
  type MenuGroupName,
  menuGroups,
  type Screen,
  type ScreenMenuEntry,
  screenList,
} from '../screens/screens.ts';

/** Hides an entry from whom its audience leaves out; an entry for everyone has no rule. */
const hiddenBy: Record<MenuAudience, MenuItem['hiddenBy']> = {
  everyone: undefined,
  administrators: (principal: Principal) => !principal.isAdministrator,
  doormen: (principal: Principal) => !principal.isDoorman,
  nobody: () => true,
};

function withAudience(item: MenuItem, audience: MenuAudience): MenuItem {
  const rule = hiddenBy[audience];
  return rule ? { ...item, hiddenBy: rule } : item;
}

function toItem(screen: Screen, entry: ScreenMenuEntry): MenuItem {
  const item: MenuItem = {
    id: entry.id,
    type: 'item',
    title: `menu.${entry.id}`,
    icon: entry.icon,
    url: screen.path,
  };
  return withAudience(item, entry.audience);
}

function toGroup(name: MenuGroupName, children: MenuItem[]): MenuItem {
  const { icon, audience } = menuGroups[name];
  return withAudience({ id: name, type: 'group', title: `menu.${name}`, icon, children }, audience);
}

/**
 * The navigation menu of SPEC §2.3, in order, from the screen registry: each screen's entry where the
 * screen stands, a group where its first screen stands. Titles are translation keys of the 'application'
 * namespace.
 */
function menuOf(screens: readonly Screen[]): MenuItem[] {
  const items: MenuItem[] = [];
  const groups = new Map<MenuGroupName, MenuItem[]>();
  for (const screen of screens) {
    const entry = screen.menu;
    if (!entry) {
      continue;
    }
    const item = toItem(screen, entry);
    if (!entry.group) {
      items.push(item);
      continue;
    }
    let children = groups.get(entry.group);
    if (!children) {
      // The group takes its place now; its later screens join the same list of children.
      children = [];
      groups.set(entry.group, children);
      items.push(toGroup(entry.group, children));
    }
    children.push(item);
  }
  return items;
}

export const defaultMenuItems: MenuItem[] = menuOf(screenList);
