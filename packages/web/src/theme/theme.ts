import { createTheme, responsiveFontSizes, type Theme } from '@mui/material/styles';

export type ThemeMode = 'light' | 'dark';

/** The brand orange of DESIGN §6: the logo's and the browser's colour; too light for text (4.0:1 on white). */
export const PRIMARY_COLOR = '#DE4E0B';
export const SECONDARY_COLOR = '#2F3257';

/**
 * The brand orange in the shades that meet WCAG 2.1 AA (4.5:1) as text and under text: on light backgrounds a
 * darker burnt orange (5.6:1 on white, 4.7:1 on a selected grey; white on it 5.6:1), on dark ones a lighter
 * orange (8:1 on the dark page, 5:1 on the most raised paper) that carries black text (9:1).
 */
export const PRIMARY_SHADES = {
  light: { main: '#B83F07', light: PRIMARY_COLOR, dark: '#8F3105', contrastText: '#FFFFFF' },
  dark: { main: '#FF8A50', light: '#FFA77A', dark: PRIMARY_COLOR, contrastText: '#000000' },
} as const satisfies Record<ThemeMode, object>;

/** The smallest touch target on a phone (WCAG 2.5.5, Apple and Material guidance): 44 CSS px. */
export const TOUCH_TARGET = 44;

/** The look of DESIGN §6: orange and navy, Source Sans 3, half-size spacing, radius 5, fonts scaled by breakpoint. */
export function createAppTheme(mode: ThemeMode): Theme {
  const base = createTheme({
    palette: {
      mode,
      primary: PRIMARY_SHADES[mode],
      // The navy is unreadable on a dark background, so dark mode lightens it.
      secondary: mode === 'light' ? { main: SECONDARY_COLOR } : { main: '#8E92C7' },
    },
    typography: { fontFamily: '"Source Sans 3", "Helvetica", "Arial", sans-serif' },
    spacing: 4,
    shape: { borderRadius: 5 },
  });
  // On a phone every control is at least a thumb's size; the desktop keeps MUI's denser sizes.
  const phone = base.breakpoints.down('sm');
  const target = { [phone]: { minHeight: TOUCH_TARGET } };
  const square = { [phone]: { minHeight: TOUCH_TARGET, minWidth: TOUCH_TARGET } };
  return responsiveFontSizes(
    createTheme(base, {
      components: {
        MuiButton: { styleOverrides: { root: target } },
        MuiToggleButton: { styleOverrides: { root: target } },
        MuiIconButton: { styleOverrides: { root: square } },
        MuiCheckbox: { styleOverrides: { root: square } },
        MuiRadio: { styleOverrides: { root: square } },
        MuiOutlinedInput: { styleOverrides: { root: target } },
      },
    }),
  );
}
