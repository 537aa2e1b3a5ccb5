import { createContext, type ReactNode, useCallback, useMemo, useState } from 'react';
import { useProvided } from '../context/useProvided.ts';
import { loadPreferences, type Preferences, savePreferences } from './storage.ts';

export type { Preferences } from './storage.ts';
export { DEFAULT_PREFERENCES, isExperimental } from './storage.ts';

type PreferencesContextValue = {
  preferences: Preferences;
  update(patch: Partial<Preferences>): void;
};

const PreferencesContext = createContext<PreferencesContextValue | undefined>(undefined);

export function PreferencesProvider({ children }: { children: ReactNode }) {
  const [preferences, setPreferences] = useState(() => loadPreferences(window.localStorage));
  const update = useCallback((patch: Partial<Preferences>) => {
    setPreferences((current) => {
      const next = { ...current, ...patch };
      savePreferences(window.localStorage, next);
      return next;
    });
  }, []);
  const value = useMemo(() => ({ preferences, update }), [preferences, update]);
  return <PreferencesContext value={value}>{children}</PreferencesContext>;
}

export function usePreferences(): PreferencesContextValue {
  return useProvided(PreferencesContext, 'usePreferences must be used inside PreferencesProvider');
}
