import { createTheme, responsiveFontSizes, type Theme } from '@mui/material/styles';

export type ThemeMode = 'light' | 'dark';

export const PRIMARY_COLOR = '#DE4E0B';
export const SECONDARY_COLOR = '#2F3257';

/** The look of DESIGN §6: orange and navy, Source Sans 3, half-size spacing, radius 5, fonts scaled by breakpoint. */
export function createAppTheme(mode: ThemeMode): Theme {
  return responsiveFontSizes(
    createTheme({
      palette: {
        mode,
        primary: { main: PRIMARY_COLOR },
        // The navy is unreadable on a dark background, so dark mode lightens it.
        secondary: mode === 'light' ? { main: SECONDARY_COLOR } : { main: '#8E92C7' },
      },
      typography: { fontFamily: '"Source Sans 3", "Helvetica", "Arial", sans-serif' },
      spacing: 4,
      shape: { borderRadius: 5 },
    }),
  );
}
