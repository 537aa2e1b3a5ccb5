import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { enUS } from 'date-fns/locale';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { TestQueryRoot } from '../../api/TestQueryRoot.tsx';
import { DialogsProvider } from '../../feedback/dialogs.tsx';
import { NavigationProvider } from '../../navigation/NavigationProvider.tsx';

/**
 * Renders `ui` as a screen holds it: a query cache, the app's navigation (links to other screens), the dialogs
 * and English date pickers; the user's events. `at`: the address the screen is opened at.
 */
export function renderOnScreen(ui: ReactElement, at = '/') {
  render(
    <MemoryRouter initialEntries={[at]}>
      <NavigationProvider>
        <TestQueryRoot>
          <DialogsProvider>
            <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={enUS}>
              {ui}
            </LocalizationProvider>
          </DialogsProvider>
        </TestQueryRoot>
      </NavigationProvider>
    </MemoryRouter>,
  );
  return userEvent.setup();
}
