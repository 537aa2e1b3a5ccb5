import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initEnglishTranslations } from '../../components/testing/translationsForTests.ts';
import { DialogsProvider } from '../../feedback/dialogs.tsx';
import { toast } from '../../feedback/toast.ts';
import { CalendarFeedSection } from './CalendarFeedSection.tsx';

const FIRST = 'http://localhost/ParkHere/calendar/1.first.ics';
const SECOND = 'http://localhost/ParkHere/calendar/1.second.ics';

const api = vi.hoisted(() => ({
  state: { enabled: false, url: null as string | null },
  change: vi.fn(),
}));

vi.mock('../../api/profileQueries.ts', async (original) => ({
  ...(await original<typeof import('../../api/profileQueries.ts')>()),
  calendarFeedQuery: () => ({ queryKey: ['CalendarFeed'], queryFn: async () => api.state }),
  changeCalendarFeed: api.change,
}));
vi.mock('../../feedback/toast.ts', () => ({ toast: { success: vi.fn(), warning: vi.fn(), error: vi.fn() } }));

beforeAll(initEnglishTranslations);
beforeEach(() => {
  api.state = { enabled: false, url: null };
  api.change.mockReset();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});
afterEach(() => cleanup());

const renderSection = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DialogsProvider>
        <CalendarFeedSection />
      </DialogsProvider>
    </QueryClientProvider>,
  );

describe('the calendar feed section', () => {
  it('turns the feed on and shows its address with a copy button', async () => {
    const user = userEvent.setup();
    api.change.mockResolvedValue({ enabled: true, url: FIRST });
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Turn on' }));
    expect(api.change).toHaveBeenCalledWith('enable', expect.anything());
    expect(await screen.findByDisplayValue(FIRST)).toBeTruthy();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(FIRST);
    expect(toast.success).toHaveBeenCalledWith('The address is copied.');
  });

  it('says so when the browser refuses the clipboard', async () => {
    const user = userEvent.setup();
    api.state = { enabled: true, url: FIRST };
    renderSection();
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
      configurable: true,
    });
    await user.click(await screen.findByRole('button', { name: 'Copy' }));
    expect(toast.error).toHaveBeenCalledWith(
      'The address could not be copied: select it and copy it by hand.',
    );
  });

  it('asks before a reset, and shows the new address after it', async () => {
    const user = userEvent.setup();
    api.state = { enabled: true, url: FIRST };
    api.change.mockResolvedValue({ enabled: true, url: SECOND });
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'New address' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('The current address stops working at once');
    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(api.change).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'New address' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByDisplayValue(SECOND)).toBeTruthy();
    expect(api.change).toHaveBeenCalledWith('reset', expect.anything());
  });
});
