import { LOCALES, type Locale } from '@parkhere/contract/plain';

export const PREFERENCES_KEY = 'ParkHere-config';
export const EXPERIMENTAL_KEY = 'ParkHere-experimental';

export type Preferences = {
  i18n: Locale;
  menuOrientation: 'vertical' | 'horizontal';
  miniDrawer: boolean;
  container: boolean;
  mode: 'light' | 'dark';
  header: boolean;
};

/**
 * SPEC §1: the interface speaks hu-HU until the user picks a language (the profile menu stores the choice).
 * The whole interface, not only the reservation screens: one page in two languages reads as a defect.
 */
export const DEFAULT_PREFERENCES: Preferences = {
  i18n: 'hu-HU',
  menuOrientation: 'horizontal',
  miniDrawer: false,
  container: false,
  mode: 'light',
  header: true,
};

function pick<T>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

function flag(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

/** Reads the stored preferences; anything missing, unknown or unreadable falls back to the default. */
export function loadPreferences(storage: Storage): Preferences {
  const raw = storage.getItem(PREFERENCES_KEY);
  if (!raw) {
    return DEFAULT_PREFERENCES;
  }
  let stored: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) {
      return DEFAULT_PREFERENCES;
    }
    stored = parsed as Record<string, unknown>;
  } catch {
    return DEFAULT_PREFERENCES;
  }
  const d = DEFAULT_PREFERENCES;
  return {
    i18n: pick(stored.i18n, LOCALES, d.i18n),
    menuOrientation: pick(stored.menuOrientation, ['vertical', 'horizontal'] as const, d.menuOrientation),
    miniDrawer: flag(stored.miniDrawer, d.miniDrawer),
    container: flag(stored.container, d.container),
    mode: pick(stored.mode, ['light', 'dark'] as const, d.mode),
    header: flag(stored.header, d.header),
  };
}

export function savePreferences(storage: Storage, preferences: Preferences): void {
  storage.setItem(PREFERENCES_KEY, JSON.stringify(preferences));
}

/** The theme-drawer experiment (SPEC §2.4) is on only when the flag is exactly 'true'. */
export function isExperimental(storage: Storage = window.localStorage): boolean {
  return storage.getItem(EXPERIMENTAL_KEY) === 'true';
}
