import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { useOpenedOnce } from '../feedback/openedOnce.ts';
import { BottomMenu } from '../menu/BottomMenu.tsx';
import { HorizontalMenu } from '../menu/HorizontalMenu.tsx';
import { useMenu } from '../menu/useMenu.ts';
import { Breadcrumb } from '../navigation/Breadcrumb.tsx';
import { OfflineNotice, UpdatePrompt } from '../offline/PwaNotices.tsx';
import { usePreferences } from '../preferences/preferences.tsx';
import { Header } from './Header.tsx';
import { PageFooter } from './PageFooter.tsx';
import { SideDrawer } from './SideDrawer.tsx';

// Behind the experiment flag and opened by few: loaded on the first opening.
const ThemeDrawer = lazy(() =>
  import('./ThemeDrawer.tsx').then(({ ThemeDrawer }) => ({ default: ThemeDrawer })),
);

/** Height of MUI's bottom navigation, kept free below the page so nothing hides behind it. */
const BOTTOM_NAVIGATION_HEIGHT = 56;

/**
 * The signed-in layout (SPEC §2.4): header, the menu in a drawer (vertical) or in the header (horizontal),
 * a temporary drawer and the bottom navigation on small screens, the page, and the footer.
 */
export function AppShell() {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const { preferences, update } = usePreferences();
  const nodes = useMenu();
  const [temporaryOpen, setTemporaryOpen] = useState(false);
  const [themeDrawerOpen, setThemeDrawerOpen] = useState(false);
  // Stays mounted after the first opening, so closing it animates.
  const themeDrawerOpened = useOpenedOnce(themeDrawerOpen);
  const vertical = preferences.menuOrientation === 'vertical';

  const menuToggle = small
    ? { open: temporaryOpen, onToggle: () => setTemporaryOpen((open) => !open) }
    : vertical
      ? { open: !preferences.miniDrawer, onToggle: () => update({ miniDrawer: !preferences.miniDrawer }) }
      : undefined;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Header
        menuToggle={menuToggle}
        menu={!small && !vertical ? <HorizontalMenu nodes={nodes} /> : undefined}
        onOpenThemeDrawer={() => setThemeDrawerOpen(true)}
      />
      {small ? (
        <SideDrawer
          variant="temporary"
          nodes={nodes}
          open={temporaryOpen}
          onClose={() => setTemporaryOpen(false)}
        />
      ) : (
        vertical && <SideDrawer variant="permanent" nodes={nodes} mini={preferences.miniDrawer} />
      )}
      <Box
        component="main"
        sx={{
          flex: 1,
          minWidth: 0,
          display: 'flex',
          flexDirection: 'column',
          pb: small ? `${BOTTOM_NAVIGATION_HEIGHT}px` : 0,
        }}
      >
        <Toolbar />
        <Container
          maxWidth={preferences.container ? 'xl' : false}
          // At least a screen tall: the footer starts below the fold, so a page growing as its data arrives
          // moves nothing the user sees (CLS, issue 15).
          sx={{ flex: 1, minHeight: '100vh', py: { xs: 4, md: 6 }, px: { xs: 4, md: 8 } }}
        >
          <OfflineNotice />
          <Breadcrumb />
          <Outlet />
        </Container>
        <PageFooter />
      </Box>
      {small && <BottomMenu nodes={nodes} />}
      <UpdatePrompt />
      {themeDrawerOpened && (
        <Suspense fallback={null}>
          <ThemeDrawer open={themeDrawerOpen} onClose={() => setThemeDrawerOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
