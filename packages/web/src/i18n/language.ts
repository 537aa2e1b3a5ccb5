import type { Locale } from '@parkhere/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../preferences/preferences.tsx';

/** The interface language: switching it changes i18next and the stored preference together. */
export function useLanguage(): { locale: Locale; setLocale(locale: Locale): Promise<void> } {
  const { preferences, update } = usePreferences();
  const { i18n } = useTranslation();
  const setLocale = useCallback(
    async (locale: Locale) => {
      await i18n.changeLanguage(locale);
      document.documentElement.lang = locale;
      update({ i18n: locale });
    },
    [i18n, update],
  );
  return { locale: preferences.i18n, setLocale };
}
