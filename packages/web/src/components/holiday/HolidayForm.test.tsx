import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { enUS } from 'date-fns/locale';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { operation } from '../../api/model.ts';
import { DialogsProvider } from '../../feedback/dialogs.tsx';
import { initEnglishTranslations } from '../testing/translationsForTests.ts';
import { HolidayForm } from './HolidayForm.tsx';

vi.mock('../../api/model.ts', async (original) => ({
  ...(await original<typeof import('../../api/model.ts')>()),
  range: vi.fn(async () => [{ __signedIdentifier: 'signed-user', name: 'User' }]),
  operation: vi.fn(async () => []),
}));

beforeAll(initEnglishTranslations);

afterEach(() => cleanup());

describe('saving a holiday without its dates', () => {
  it('says so on both date fields and sends nothing', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <DialogsProvider>
          <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={enUS}>
            <HolidayForm isAdministrator={false} />
          </LocalizationProvider>
        </DialogsProvider>
      </QueryClientProvider>,
    );
    // The browser's own check of the required inputs is passed by, as a browser without one would.
    fireEvent.submit(screen.getByRole('form', { name: 'New holiday' }));
    await waitFor(() => expect(screen.getAllByText('This field is required.')).toHaveLength(2));
    expect(operation).not.toHaveBeenCalled();
  });
});
