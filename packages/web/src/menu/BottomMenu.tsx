import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Paper from '@mui/material/Paper';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoreHorizIcon } from '../icons/icons.tsx';
import { MenuList } from './MenuList.tsx';
import { MenuPopover } from './MenuPopover.tsx';
import { MenuIcon } from './menuIcons.tsx';
import { type MenuNode, splitBottomNavigation } from './menuModel.ts';
import { useIsActive, useMenuLinkProps } from './useMenu.ts';

const OTHER = 'other';

/** Small screens: the first three top-level entries, and 'Other' with the rest in a popup. */
export function BottomMenu({ nodes }: { nodes: MenuNode[] }) {
  const { t } = useTranslation('application');
  const isActive = useIsActive();
  const linkProps = useMenuLinkProps();
  const { primary, other } = splitBottomNavigation(nodes);
  const [popup, setPopup] = useState<{ anchor: HTMLElement; nodes: MenuNode[] } | null>(null);
  const close = () => setPopup(null);
  const active = primary.find(isActive)?.id ?? (other.some(isActive) ? OTHER : false);

  return (
    <Paper
      component="nav"
      aria-label={t('menu.bottomNavigation')}
      elevation={8}
      sx={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: (theme) => theme.zIndex.appBar }}
    >
      <BottomNavigation showLabels value={active}>
        {primary.map((node) => {
          const label = t(node.title);
          if (node.kind === 'item') {
            return (
              <BottomNavigationAction
                key={node.id}
                value={node.id}
                label={label}
                icon={<MenuIcon name={node.icon} />}
                component="a"
                {...linkProps(node.link)}
              />
            );
          }
          const children = node.kind === 'error' ? [node] : node.children;
          return (
            <BottomNavigationAction
              key={node.id}
              value={node.id}
              label={label}
              icon={<MenuIcon name={node.kind === 'error' ? undefined : node.icon} />}
              aria-haspopup="true"
              onClick={(event) => setPopup({ anchor: event.currentTarget, nodes: children })}
            />
          );
        })}
        {other.length > 0 && (
          <BottomNavigationAction
            value={OTHER}
            label={t('menu.other')}
            icon={<MoreHorizIcon />}
            aria-haspopup="true"
            onClick={(event) => setPopup({ anchor: event.currentTarget, nodes: other })}
          />
        )}
      </BottomNavigation>
      <MenuPopover
        anchor={popup?.anchor ?? null}
        onClose={close}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        minWidth={240}
      >
        {popup && <MenuList nodes={popup.nodes} onNavigate={close} />}
      </MenuPopover>
    </Paper>
  );
}
