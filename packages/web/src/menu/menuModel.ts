import type { Principal } from '@parkhere/contract';
import type { MenuCustomizer } from '../extensions/registry.ts';
import type { MenuItem } from '../extensions/types.ts';
import { BOTTOM_MENU_ITEMS } from '../theme/layout.ts';

export type MenuLink = { external: boolean; href: string };

/** A menu entry after visibility and type checks: what the vertical, horizontal and bottom menus render. */
export type MenuNode =
  | { kind: 'item'; id: string; title: string; icon?: string; link: MenuLink }
  | { kind: 'group'; id: string; title: string; icon?: string; children: MenuNode[] }
  | { kind: 'collapse'; id: string; title: string; icon?: string; children: MenuNode[] }
  | { kind: 'error'; id: string; title: 'menu.error.title'; message: 'menu.error.invalidType' };

/** Addresses starting with http open externally; everything else is a path relative to the app root. */
export function menuLink(url: string | undefined): MenuLink {
  const address = url ?? '';
  if (address.startsWith('http')) {
    return { external: true, href: address };
  }
  return { external: false, href: `/${address.replace(/^\/+/, '')}` };
}

/**
 * The menu a principal sees: the customizer may replace the items first, then entries hidden for the
 * principal are dropped (with their children), and groups left empty disappear. An entry of an unknown
 * type becomes an error node so a broken customizer is visible instead of silently missing.
 */
export function buildMenu(items: MenuItem[], principal: Principal, customizer?: MenuCustomizer): MenuNode[] {
  const source = customizer ? customizer(items, principal) : items;
  return toNodes(source, principal);
}

function toNodes(items: MenuItem[], principal: Principal): MenuNode[] {
  const nodes: MenuNode[] = [];
  for (const item of items) {
    if (item.hiddenBy?.(principal)) {
      continue;
    }
    const node = toNode(item, principal);
    if (node) {
      nodes.push(node);
    }
  }
  return nodes;
}

function toNode(item: MenuItem, principal: Principal): MenuNode | undefined {
  // The type comes from plug-in code at run time, so it may be anything despite the static type.
  const type: string = item.type;
  switch (type) {
    case 'item':
      return { kind: 'item', id: item.id, title: item.title, icon: item.icon, link: menuLink(item.url) };
    case 'group':
    case 'collapse': {
      const children = toNodes(item.children ?? [], principal);
      if (children.length === 0) {
        return undefined;
      }
      return {
        kind: type === 'group' ? 'group' : 'collapse',
        id: item.id,
        title: item.title,
        icon: item.icon,
        children,
      };
    }
    default:
      return { kind: 'error', id: item.id, title: 'menu.error.title', message: 'menu.error.invalidType' };
  }
}

/** Small screens: the first entries go to the bottom navigation, the rest into the 'Other' popup. */
export function splitBottomNavigation(
  nodes: MenuNode[],
  count: number = BOTTOM_MENU_ITEMS,
): { primary: MenuNode[]; other: MenuNode[] } {
  return { primary: nodes.slice(0, count), other: nodes.slice(count) };
}

/** Every internal address below a node, to highlight a group that holds the current page. */
export function internalHrefs(node: MenuNode): string[] {
  switch (node.kind) {
    case 'item':
      return node.link.external ? [] : [node.link.href];
    case 'group':
    case 'collapse':
      return node.children.flatMap(internalHrefs);
    case 'error':
      return [];
  }
}

/** Whether a node's own link or one of its children's is the current page. */
export function isActive(node: MenuNode, pathname: string): boolean {
  return internalHrefs(node).some((href) => href === pathname);
}
