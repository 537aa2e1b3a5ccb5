import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { createAppTheme, PRIMARY_COLOR, TOUCH_TARGET } from './theme.ts';

/** WCAG 2.1 AA for normal text (1.4.3). */
const AA = 4.5;

describe('the brand orange in both themes', () => {
  it('is readable as text on the page and on a selected grey, and under its own button text, when light', () => {
    const { palette } = createAppTheme('light');
    expect(getContrastRatio(palette.primary.main, palette.background.paper)).toBeGreaterThanOrEqual(AA);
    expect(getContrastRatio(palette.primary.main, '#EBEBEB')).toBeGreaterThanOrEqual(AA);
    expect(getContrastRatio(palette.primary.contrastText, palette.primary.main)).toBeGreaterThanOrEqual(AA);
  });

  it('is readable on the dark page and on raised dark paper, and under its own button text, when dark', () => {
    const { palette } = createAppTheme('dark');
    expect(getContrastRatio(palette.primary.main, palette.background.default)).toBeGreaterThanOrEqual(AA);
    expect(getContrastRatio(palette.primary.main, '#2E2E2E')).toBeGreaterThanOrEqual(AA);
    expect(getContrastRatio(palette.primary.contrastText, palette.primary.main)).toBeGreaterThanOrEqual(AA);
  });

  it('was not: the brand orange itself fails as text on white, which is why the shades exist', () => {
    expect(getContrastRatio(PRIMARY_COLOR, '#FFFFFF')).toBeLessThan(AA);
  });
});

describe('touch targets', () => {
  it('gives buttons and icon buttons a thumb-sized minimum on a phone only', () => {
    const theme = createAppTheme('light');
    const phone = theme.breakpoints.down('sm');
    const button = theme.components?.MuiButton?.styleOverrides?.root as Record<string, unknown>;
    const iconButton = theme.components?.MuiIconButton?.styleOverrides?.root as Record<string, unknown>;
    expect(button[phone]).toEqual({ minHeight: TOUCH_TARGET });
    expect(iconButton[phone]).toEqual({ minHeight: TOUCH_TARGET, minWidth: TOUCH_TARGET });
  });
});
