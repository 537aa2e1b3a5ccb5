import { type ReactNode, Suspense, useEffect, useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { usePreferences } from '../preferences/preferences.tsx';
import { initI18n } from './i18n.ts';

/** Starts i18next in the stored language and holds the app back until both namespaces have loaded. */
export function I18nProvider({ children }: { children: ReactNode }) {
  const { i18n: locale } = usePreferences().preferences;
  // Only the first language matters here; later switches go through useLanguage().
  const instance = useMemo(() => initI18n(locale), [locale]);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return (
    <I18nextProvider i18n={instance}>
      <Suspense fallback={null}>{children}</Suspense>
    </I18nextProvider>
  );
}
