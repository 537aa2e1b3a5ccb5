import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalParkingIcon, MenuIcon, MenuOpenIcon } from '../icons/icons.tsx';
import { useNavigationActions } from '../navigation/NavigationProvider.tsx';
import { isExperimental } from '../preferences/preferences.tsx';
import { screenPath } from '../screens/screens.ts';
import { ProfileMenu } from './ProfileMenu.tsx';

// Behind the experiment flag: loaded only where the flag is set.
const CustomizeThemeButton = lazy(() => import('./CustomizeThemeButton.tsx'));

type HeaderProps = {
  /** Shown only where the menu lives in a drawer (vertical layout, or any small screen). */
  menuToggle?: { open: boolean; onToggle(): void };
  /** The horizontal menu, when the header carries it. */
  menu?: ReactNode;
  onOpenThemeDrawer(): void;
};

export function Header({ menuToggle, menu, onOpenThemeDrawer }: HeaderProps) {
  const { t } = useTranslation('application');
  const { navigate } = useNavigationActions();
  return (
    <AppBar
      position="fixed"
      color="default"
      elevation={0}
      sx={{
        zIndex: (theme) => theme.zIndex.drawer + 1,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Toolbar sx={{ gap: 2, px: { xs: 2, sm: 4 } }}>
        {menuToggle && (
          <IconButton
            edge="start"
            color="inherit"
            aria-label={t('menu.toggle')}
            aria-expanded={menuToggle.open}
            onClick={menuToggle.onToggle}
          >
            {menuToggle.open ? <MenuOpenIcon /> : <MenuIcon />}
          </IconButton>
        )}
        <Link
          href={screenPath('dashboard')}
          underline="none"
          color="inherit"
          onClick={(event) => {
            event.preventDefault();
            navigate(screenPath('dashboard'));
          }}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, mr: 4, flexShrink: 0 }}
        >
          <LocalParkingIcon color="primary" sx={{ fontSize: 32 }} />
          <Typography variant="h6" component="span" sx={{ fontWeight: 700, letterSpacing: 0.2 }}>
            ParkHere
          </Typography>
        </Link>
        {menu ?? <Box sx={{ flex: 1 }} />}
        {isExperimental() && (
          <Suspense fallback={null}>
            <CustomizeThemeButton onClick={onOpenThemeDrawer} />
          </Suspense>
        )}
        <ProfileMenu />
      </Toolbar>
    </AppBar>
  );
}
