import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS, huHU } from '@mui/x-date-pickers/locales';
import type { ReactNode } from 'react';
import { useDateLocale } from '../../i18n/dateLocale.ts';
import { usePreferences } from '../../preferences/preferences.tsx';

/** The pickers in the app's language: date-fns locale (Monday first in Hungarian) and the pickers' own texts. */
export function PickersProvider({ children }: { children: ReactNode }) {
  const dateLocale = useDateLocale();
  const locale = usePreferences().preferences.i18n;
  const localeText = (locale === 'hu-HU' ? huHU : enUS).components.MuiLocalizationProvider.defaultProps
    .localeText;
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={dateLocale} localeText={localeText}>
      {children}
    </LocalizationProvider>
  );
}
