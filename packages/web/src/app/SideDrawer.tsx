import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpenedOnce } from '../feedback/openedOnce.ts';
import { MenuList } from '../menu/MenuList.tsx';
import type { MenuNode } from '../menu/menuModel.ts';
import { DRAWER_WIDTH, MINI_DRAWER_WIDTH } from '../theme/layout.ts';

// MUI's Drawer brings Modal, focus trap, backdrop and slide transition, which only the temporary drawer of
// small screens uses; it loads when that drawer first opens.
const Drawer = lazy(() => import('@mui/material/Drawer'));
// The profile block under the menu (with its tooltips, which bring Popper) follows right after the menu.
const DrawerFooter = lazy(() =>
  import('./DrawerFooter.tsx').then(({ DrawerFooter }) => ({ default: DrawerFooter })),
);

type SideDrawerProps = { nodes: MenuNode[] } & (
  | { variant: 'permanent'; mini: boolean }
  | { variant: 'temporary'; open: boolean; onClose(): void }
);

const paperSx = (width: number) =>
  ({
    width,
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    overflowX: 'hidden',
  }) as const;

/** The vertical menu: a permanent drawer that can shrink to icons, or a temporary one on small screens. */
export function SideDrawer(props: SideDrawerProps) {
  const { t } = useTranslation('application');
  const mini = props.variant === 'permanent' && props.mini;
  const width = mini ? MINI_DRAWER_WIDTH : DRAWER_WIDTH;
  const onNavigate = props.variant === 'temporary' ? props.onClose : undefined;

  const content = (
    <>
      {props.variant === 'permanent' && <Toolbar />}
      <Box
        component="nav"
        aria-label={t('menu.mainMenu')}
        sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden', py: 2 }}
      >
        <MenuList nodes={props.nodes} mini={mini} onNavigate={onNavigate} />
      </Box>
      <Suspense fallback={null}>
        <DrawerFooter mini={mini} onNavigate={onNavigate} />
      </Suspense>
    </>
  );

  if (props.variant === 'temporary') {
    return (
      <TemporaryDrawer open={props.open} onClose={props.onClose}>
        {content}
      </TemporaryDrawer>
    );
  }
  // What MUI's permanent Drawer renders (a docked box and a fixed paper with a border), without its modal
  // machinery. Its class names stay so print styles that hide the drawer keep working.
  return (
    <Box
      className="MuiDrawer-root MuiDrawer-docked"
      sx={(theme) => ({
        flex: '0 0 auto',
        width,
        transition: theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
      })}
    >
      <Paper
        square
        elevation={0}
        className="MuiDrawer-paper"
        sx={(theme) => ({
          ...paperSx(width),
          overflowY: 'auto',
          height: '100%',
          flex: '1 0 auto',
          zIndex: theme.zIndex.drawer,
          position: 'fixed',
          top: 0,
          left: 0,
          outline: 0,
          borderRight: `1px solid ${theme.palette.divider}`,
          transition: theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
        })}
      >
        {content}
      </Paper>
    </Box>
  );
}

function TemporaryDrawer({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose(): void;
  children: ReactNode;
}) {
  // Loaded on the first opening and kept after, so closing animates.
  const opened = useOpenedOnce(open);
  if (!opened) {
    return null;
  }
  return (
    <Suspense fallback={null}>
      <Drawer
        variant="temporary"
        open={open}
        onClose={onClose}
        sx={{ zIndex: (theme) => theme.zIndex.modal }}
        slotProps={{
          paper: { sx: paperSx(DRAWER_WIDTH) },
        }}
      >
        {children}
      </Drawer>
    </Suspense>
  );
}
