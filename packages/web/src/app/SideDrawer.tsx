import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import { useTranslation } from 'react-i18next';
import { MenuList } from '../menu/MenuList.tsx';
import type { MenuNode } from '../menu/menuModel.ts';
import { DRAWER_WIDTH, MINI_DRAWER_WIDTH } from '../theme/layout.ts';
import { DrawerFooter } from './DrawerFooter.tsx';

type SideDrawerProps = { nodes: MenuNode[] } & (
  | { variant: 'permanent'; mini: boolean }
  | { variant: 'temporary'; open: boolean; onClose(): void }
);

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
      <DrawerFooter mini={mini} onNavigate={onNavigate} />
    </>
  );

  const paperSx = {
    width,
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    overflowX: 'hidden',
  } as const;

  if (props.variant === 'temporary') {
    return (
      <Drawer
        variant="temporary"
        open={props.open}
        onClose={props.onClose}
        sx={{ zIndex: (theme) => theme.zIndex.modal }}
        slotProps={{ paper: { sx: paperSx } }}
      >
        {content}
      </Drawer>
    );
  }
  return (
    <Drawer
      variant="permanent"
      sx={(theme) => ({
        width,
        flexShrink: 0,
        transition: theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
      })}
      slotProps={{
        paper: {
          sx: (theme) => ({
            ...paperSx,
            transition: theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
          }),
        },
      }}
    >
      {content}
    </Drawer>
  );
}
