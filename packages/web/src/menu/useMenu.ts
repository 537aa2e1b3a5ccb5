import { type MouseEvent, useMemo } from 'react';
import { useLocation } from 'react-router';
import { usePrincipal } from '../auth/principal.tsx';
import { decorateNavigationPath, getMenuCustomizer } from '../extensions/registry.ts';
import { useNavigationActions } from '../navigation/NavigationProvider.tsx';
import { defaultMenuItems } from './menuItems.ts';
import { buildMenu, isActive, type MenuLink, type MenuNode } from './menuModel.ts';

/** The menu the signed-in principal sees, after the registered customizer. */
export function useMenu(): MenuNode[] {
  const principal = usePrincipal();
  return useMemo(() => buildMenu(defaultMenuItems, principal, getMenuCustomizer()), [principal]);
}

export function useIsActive(): (node: MenuNode) => boolean {
  const { pathname } = useLocation();
  return (node) => isActive(node, pathname);
}

type AnchorProps = {
  href: string;
  target?: string;
  rel?: string;
  onClick: (event: MouseEvent<HTMLElement>) => void;
};

/**
 * Props that make a menu entry a real link (so it can be opened in a new tab) while a plain click stays
 * inside the single-page app and goes through the navigation helper.
 */
export function useMenuLinkProps(): (link: MenuLink, afterNavigate?: () => void) => AnchorProps {
  const { navigate } = useNavigationActions();
  return (link, afterNavigate) => {
    if (link.external) {
      return {
        href: link.href,
        target: '_blank',
        rel: 'noopener noreferrer',
        onClick: () => afterNavigate?.(),
      };
    }
    return {
      href: decorateNavigationPath(link.href),
      onClick: (event) => {
        if (
          event.defaultPrevented ||
          event.button !== 0 ||
          event.metaKey ||
          event.ctrlKey ||
          event.shiftKey
        ) {
          return;
        }
        event.preventDefault();
        navigate(link.href);
        afterNavigate?.();
      },
    };
  };
}
