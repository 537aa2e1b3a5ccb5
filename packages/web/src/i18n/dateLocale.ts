import { formatDateTime, formatDay, formatDayWithWeekday, formatTime, type Locale } from '@parkhere/contract';
import type { Locale as DateLocale } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { hu } from 'date-fns/locale/hu';
import { useTranslation } from 'react-i18next';
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

/**
 * The contract's date format (one for the web and the mails) bound to the interface language: tables use
 * `day`, cards `dayWithWeekday`, every time is 24-hour `HH:mm`.
 */
export function useDateFormat() {
  // The language i18next speaks (set from the preferences): the texts and the dates always agree.
  const locale: Locale = useTranslation().i18n.language === 'hu-HU' ? 'hu-HU' : 'en-US';
  return {
    locale,
    day: (day: string | Date | null | undefined) => formatDay(day, locale),
    dayWithWeekday: (day: string | Date | null | undefined) => formatDayWithWeekday(day, locale),
    time: formatTime,
    dateTime: (instant: Date | null | undefined, timeZone?: string) =>
      formatDateTime(instant, locale, timeZone),
  };
}
