import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { enUS } from 'date-fns/locale';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Row } from '../../api/model.ts';
import { initEnglishTranslations } from '../testing/translationsForTests.ts';
import { ReservationForm } from './ReservationForm.tsx';

/** What the server's `ReservationInput ~template` answers in a test. */
const server = vi.hoisted(() => ({ template: {} as Record<string, unknown> }));

vi.mock('../../api/model.ts', async (original) => ({
  ...(await original<typeof import('../../api/model.ts')>()),
  template: vi.fn(async () => server.template),
  range: vi.fn(async (_type: string, relation: string): Promise<Row[]> => {
    if (relation !== 'user') {
      return [];
    }
    return [
      {
        __signedIdentifier: 'signed-user',
        __entityType: 'UserForInput',
        name: 'User',
        email: 'user@parkhere.example',
        isNormalReservation: true,
        isQuickReservation: false,
        isGuestReservation: false,
        isLongReservation: false,
        startOfWorkingTime: '08:00:00',
        endOfWorkingTime: '16:00:00',
      },
    ];
  }),
  operation: vi.fn(),
}));

// Tuesday 2026-11-24 in Budapest: the form's "today" is pinned, whatever the machine's date.
vi.mock('./useWallClock.ts', () => ({ useWallClock: () => ({ date: '2026-11-24', time: '09:00:00' }) }));

beforeAll(initEnglishTranslations);

afterEach(() => cleanup());

// The date picker's first opening and its month slide take seconds on a loaded machine (see AppShell.test.tsx).
const SLOW = { timeout: 30_000 };

/** The December days the user's date picker offers, opened from the form as a user opens it. */
async function decemberDays(): Promise<{ enabled: (day: number) => boolean }> {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={enUS}>
        <ReservationForm isAdmin={false} principalEmail="user@parkhere.example" />
      </LocalizationProvider>
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  // The form fills in the user's date once the template and the user range have answered.
  await screen.findByRole('button', { name: /choose date, selected date is nov 24, 2026/i }, SLOW);
  await user.click(screen.getByRole('button', { name: /choose date/i }));
  const dialog = await screen.findByRole('dialog', {}, SLOW);
  await user.click(within(dialog).getByRole('button', { name: /next month/i }));
  // November slides out while December slides in: the days are read once only December is shown.
  await waitFor(() => expect(within(dialog).getAllByRole('gridcell', { name: '24' })).toHaveLength(1), SLOW);
  expect(within(dialog).getByText(/december 2026/i)).toBeTruthy();
  return {
    enabled: (day: number) => {
      const cell = within(dialog).getByRole('gridcell', { name: String(day) });
      return !cell.hasAttribute('disabled');
    },
  };
}

describe('reservation form date maximum', () => {
  it.each([
    { configured: 21, lastOffered: 15 },
    { configured: 7, lastOffered: 1 },
  ])(
    'a user is offered NORMAL days up to the configured $configured days ahead',
    async ({ configured, lastOffered }) => {
      server.template = { date: '2026-11-24', maxDaysInAdvance: configured };
      const days = await decemberDays();
      expect(days.enabled(lastOffered)).toBe(true);
      expect(days.enabled(lastOffered + 1)).toBe(false);
    },
    SLOW.timeout,
  );

  it(
    'keeps the default 14 days when the template says nothing',
    async () => {
      server.template = { date: '2026-11-24' };
      const days = await decemberDays();
      expect(days.enabled(8)).toBe(true);
      expect(days.enabled(9)).toBe(false);
    },
    SLOW.timeout,
  );
});
