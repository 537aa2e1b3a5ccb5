import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import { type ReactNode, useMemo } from 'react';
import { usePreferences } from '../preferences/preferences.tsx';
import { createStyleCache } from './styleCache.ts';
import { createAppTheme } from './theme.ts';

const styleCache = createStyleCache();

export function AppThemeProvider({ children }: { children: ReactNode }) {
  const { mode } = usePreferences().preferences;
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  return (
    <CacheProvider value={styleCache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {/* The progress bar of SPEC §9: 2 px in the primary colour, above the app bar. */}
        <GlobalStyles
          styles={{
            '#progress-bar': { pointerEvents: 'none' },
            '#progress-bar .bar': {
              background: theme.palette.primary.main,
              position: 'fixed',
              zIndex: theme.zIndex.tooltip + 1,
              top: 0,
              left: 0,
              width: '100%',
              height: 2,
            },
          }}
        />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}
