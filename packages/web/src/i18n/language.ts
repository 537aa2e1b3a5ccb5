import type { Locale } from '@parkhere/contract';
import type { Locale as DateLocale } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { hu } from 'date-fns/locale/hu';
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

/** date-fns locale of a language; Hungarian weeks start on Monday (SPEC §1). */
export function dateLocaleOf(locale: Locale): DateLocale {
  switch (locale) {
    case 'hu-HU':
      return hu;
    case 'en-US':
      return enUS;
  }
}

export function useDateLocale(): DateLocale {
  return dateLocaleOf(usePreferences().preferences.i18n);
}
