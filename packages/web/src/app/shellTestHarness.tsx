// Test-only: renders the real shell and routes around a given principal, without the OIDC round trip.
import type { Principal } from '@parkhere/contract';
import { render } from '@testing-library/react';
import i18next, { type i18n } from 'i18next';
import { useLayoutEffect, useState } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { type Location, MemoryRouter, useLocation, useRoutes } from 'react-router';
import applicationEnglish from '../../public/i18n/application_en-US.json';
import applicationHungarian from '../../public/i18n/application_hu-HU.json';
import systemEnglish from '../../public/i18n/system_en-US.json';
import systemHungarian from '../../public/i18n/system_hu-HU.json';
import { PrincipalProvider } from '../auth/principal.tsx';
import { DialogsProvider } from '../feedback/dialogs.tsx';
import { ToastProvider } from '../feedback/ToastProvider.tsx';
import { addFormatters } from '../i18n/formatters.ts';
import { withModelTexts } from '../i18n/modelTexts.ts';
import { PreferencesProvider } from '../preferences/preferences.tsx';
import { PREFERENCES_KEY } from '../preferences/storage.ts';
import { AppThemeProvider } from '../theme/AppThemeProvider.tsx';
import { createAppRoutes } from './routes.tsx';

export function testPrincipal(login: 'admin' | 'user'): Principal {
  return {
    __signedIdentifier: `signed-${login}`,
    __entityType: 'ParkHere::Principal',
    preferredUsername: login,
    name: login === 'admin' ? 'Ada Admin' : 'Ulla User',
    email: `${login}@parkhere.example`,
    isAdministrator: login === 'admin',
    isDoorman: false,
    imageSrc: null,
  };
}

async function translations(): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: 'en-US',
    supportedLngs: ['en-US', 'hu-HU'],
    fallbackLng: false,
    defaultNS: 'application',
    interpolation: { escapeValue: false },
    resources: {
      'en-US': {
        application: withModelTexts('application', 'en-US', applicationEnglish),
        system: systemEnglish,
      },
      'hu-HU': {
        application: withModelTexts('application', 'hu-HU', applicationHungarian),
        system: systemHungarian,
      },
    },
  });
  addFormatters(instance);
  return instance;
}

/** The shell's Sign out, without a provider to sign out at. */
const signOut = () => Promise.resolve();

/**
 * The shell's parts that load on demand. In the browser they are one small request each; under Vitest the
 * first import transforms them, which on a busy machine can outlast a `findBy`, so they are loaded up front.
 */
const onDemandParts = () =>
  Promise.all([
    import('./ProfileMenuPopup.tsx'),
    import('./ThemeDrawer.tsx'),
    import('./DrawerFooter.tsx'),
    import('./CustomizeThemeButton.tsx'),
    import('../feedback/PendingDialog.tsx'),
    import('../feedback/ToastHost.tsx'),
    import('@mui/material/Drawer'),
    import('@mui/material/Popover'),
    import('@mui/material/Tooltip'),
  ]);

type LocationProbe = { location?: Location };

/** The app's routes as App mounts them, reporting each location to the test. */
function ProbedRoutes({ probe }: { probe: LocationProbe }) {
  const [routes] = useState(createAppRoutes);
  const location = useLocation();
  useLayoutEffect(() => {
    probe.location = location;
  }, [probe, location]);
  return useRoutes(routes);
}

/** Renders the app's routes at `path` for a principal; `router.state.location` is the current location. */
export async function renderShell(principal: Principal, path = '/') {
  await onDemandParts();
  // The shell's tests read English: like a user who chose it (the default is Hungarian, SPEC §1).
  if (window.localStorage.getItem(PREFERENCES_KEY) === null) {
    window.localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ i18n: 'en-US' }));
  }
  const instance = await translations();
  const probe: LocationProbe = {};
  const router = {
    state: {
      get location(): Location {
        if (!probe.location) {
          throw new Error('The routes have not rendered yet');
        }
        return probe.location;
      },
    },
  };
  const view = render(
    <PreferencesProvider>
      <I18nextProvider i18n={instance}>
        <AppThemeProvider>
          <ToastProvider>
            <DialogsProvider>
              <PrincipalProvider principal={principal} logout={signOut}>
                <MemoryRouter initialEntries={[path]}>
                  <ProbedRoutes probe={probe} />
                </MemoryRouter>
              </PrincipalProvider>
            </DialogsProvider>
          </ToastProvider>
        </AppThemeProvider>
      </I18nextProvider>
    </PreferencesProvider>,
  );
  return { ...view, router };
}

/** jsdom has no layout, so media queries never match; this makes every `max-width` query match (a phone). */
export function emulatePhoneWidth(): () => void {
  const original = window.matchMedia;
  window.matchMedia = (query: string) =>
    ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) satisfies MediaQueryList;
  return () => {
    window.matchMedia = original;
  };
}
