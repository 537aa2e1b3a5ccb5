import { useCallback } from 'react';
import { usePreferences } from '../preferences/preferences.tsx';
import type { ThemeMode } from './theme.ts';

/** Light or dark, kept in the `ParkHere-config` preferences so it survives a reload. */
export function useThemeMode(): { mode: ThemeMode; toggle(): void } {
  const { preferences, update } = usePreferences();
  const toggle = useCallback(() => {
    update({ mode: preferences.mode === 'light' ? 'dark' : 'light' });
  }, [preferences.mode, update]);
  return { mode: preferences.mode, toggle };
}
