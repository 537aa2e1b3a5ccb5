import type { Locale } from '@parkhere/contract';
import type { Locale as DateLocale } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { hu } from 'date-fns/locale/hu';
import { usePreferences } from '../preferences/preferences.tsx';

// Apart from language.ts, which the shell's profile menu uses, so the date-fns locales load with the
// pages that show dates rather than at start-up.

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
