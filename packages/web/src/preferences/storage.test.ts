import { beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_PREFERENCES,
  isExperimental,
  loadPreferences,
  PREFERENCES_KEY,
  savePreferences,
} from './storage.ts';

describe('ParkHere-config preferences', () => {
  beforeEach(() => window.localStorage.clear());

  it('starts in Hungarian (SPEC §1), horizontal menu, light mode', () => {
    expect(loadPreferences(window.localStorage)).toEqual({
      i18n: 'hu-HU',
      menuOrientation: 'horizontal',
      miniDrawer: false,
      container: false,
      mode: 'light',
      header: true,
    });
  });

  it('reads back what was saved, as after a reload', () => {
    savePreferences(window.localStorage, { ...DEFAULT_PREFERENCES, mode: 'dark', i18n: 'hu-HU' });
    expect(JSON.parse(window.localStorage.getItem(PREFERENCES_KEY) ?? '{}')).toMatchObject({
      mode: 'dark',
      i18n: 'hu-HU',
    });
    expect(loadPreferences(window.localStorage)).toMatchObject({ mode: 'dark', i18n: 'hu-HU' });
  });

  it('falls back to the defaults on corrupt JSON', () => {
    window.localStorage.setItem(PREFERENCES_KEY, '{not json');
    expect(loadPreferences(window.localStorage)).toEqual(DEFAULT_PREFERENCES);
    window.localStorage.setItem(PREFERENCES_KEY, 'null');
    expect(loadPreferences(window.localStorage)).toEqual(DEFAULT_PREFERENCES);
  });

  it('keeps an explicit choice of English', () => {
    window.localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ i18n: 'en-US' }));
    expect(loadPreferences(window.localStorage).i18n).toBe('en-US');
  });

  it('keeps the valid fields and drops unknown values', () => {
    window.localStorage.setItem(
      PREFERENCES_KEY,
      JSON.stringify({ mode: 'dark', i18n: 'de-DE', miniDrawer: 'yes' }),
    );
    expect(loadPreferences(window.localStorage)).toEqual({ ...DEFAULT_PREFERENCES, mode: 'dark' });
  });

  it('turns the theme drawer experiment on only for the exact flag', () => {
    expect(isExperimental(window.localStorage)).toBe(false);
    window.localStorage.setItem('ParkHere-experimental', 'yes');
    expect(isExperimental(window.localStorage)).toBe(false);
    window.localStorage.setItem('ParkHere-experimental', 'true');
    expect(isExperimental(window.localStorage)).toBe(true);
  });
});
