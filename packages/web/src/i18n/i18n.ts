import { LOCALES, type Locale, TRANSLATION_NAMESPACES } from '@parkhere/contract/plain';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { translationBackend } from './backend.ts';
import { addFormatters } from './formatters.ts';

/** Starts i18next once, in the stored language; React suspends until both namespaces are loaded. */
export function initI18n(locale: Locale): i18n {
  if (i18next.isInitialized) {
    return i18next;
  }
  void i18next
    .use(translationBackend)
    .use(initReactI18next)
    .init({
      lng: locale,
      supportedLngs: [...LOCALES],
      fallbackLng: false,
      load: 'currentOnly',
      ns: [...TRANSLATION_NAMESPACES],
      defaultNS: 'application',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    });
  addFormatters(i18next);
  return i18next;
}
