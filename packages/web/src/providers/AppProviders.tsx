import type { ReactNode } from 'react';
import { AuthRoot } from '../auth/AuthRoot.tsx';
import { DialogsProvider } from '../feedback/dialogs.tsx';
import { ToastProvider } from '../feedback/ToastProvider.tsx';
import { I18nProvider } from '../i18n/I18nProvider.tsx';
import { PreferencesProvider } from '../preferences/preferences.tsx';
import { AppThemeProvider } from '../theme/AppThemeProvider.tsx';

/**
 * Everything the app stands on, outermost first: preferences, translations, theme, toasts, dialogs and the
 * authentication gate, so the app renders only for a signed-in user with a loaded principal.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <PreferencesProvider>
      <I18nProvider>
        <AppThemeProvider>
          <ToastProvider>
            <DialogsProvider>
              <AuthRoot>{children}</AuthRoot>
            </DialogsProvider>
          </ToastProvider>
        </AppThemeProvider>
      </I18nProvider>
    </PreferencesProvider>
  );
}
