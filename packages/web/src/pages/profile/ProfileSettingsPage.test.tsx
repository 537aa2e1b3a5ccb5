import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptedUpdate } from '../../components/testing/recordApi.ts';
import { initEnglishTranslations } from '../../components/testing/translationsForTests.ts';
import { PreferencesProvider } from '../../preferences/preferences.tsx';
import { PREFERENCES_KEY } from '../../preferences/storage.ts';
import ProfileSettingsPage from './ProfileSettingsPage.tsx';

/*
 * Issue 11 item 15: working hours that do not end after they start are the model's error, said on the end
 * field as the server would say it, and nothing is sent.
 */

vi.mock('../../api/model.ts', async (original) =>
  (await import('../../components/testing/recordApi.ts')).apiEditing(await original(), {
    __signedIdentifier: 'signed-profile',
    __version: 1,
    name: 'Ulrich User',
    email: 'user@parkhere.example',
    startOfWorkingTime: '09:00:00',
    endOfWorkingTime: '17:00:00',
  }),
);
vi.mock('../../navigation/NavigationProvider.tsx', () => ({ usePageTitle: () => undefined }));
// The sections below the personal form make calls of their own; here only the form matters.
vi.mock('./CarsSection.tsx', () => ({ CarsSection: () => null }));
vi.mock('./PreferredSlotSection.tsx', () => ({ PreferredSlotSection: () => null }));
vi.mock('./CalendarFeedSection.tsx', () => ({ CalendarFeedSection: () => null }));
vi.mock('../../components/data-table/DataTable.tsx', () => ({ default: () => null }));

beforeAll(initEnglishTranslations);

beforeEach(() => acceptedUpdate.mockClear());
afterEach(() => cleanup());

const renderPage = () => {
  window.localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ i18n: 'en-US' }));
  return render(
    <PreferencesProvider>
      <QueryClientProvider client={new QueryClient()}>
        <ProfileSettingsPage />
      </QueryClientProvider>
    </PreferencesProvider>,
  );
};

/** Types `HH:mm` into a time picker, from its hours section, as a person types. */
async function typeTime(user: ReturnType<typeof userEvent.setup>, label: RegExp, time: string) {
  const group = await screen.findByRole('group', { name: label });
  const [hours] = within(group).getAllByRole('spinbutton');
  await user.click(hours as HTMLElement);
  await user.keyboard(time.replace(':', ''));
}

describe('the own working hours', () => {
  it('that end before they start are refused on the end field, and nothing is sent', async () => {
    const user = userEvent.setup();
    renderPage();
    await typeTime(user, /Start of working time/, '18:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The end must be after the start.')).toBeTruthy();
    expect(screen.getByRole('group', { name: /End of working time/ }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(acceptedUpdate).not.toHaveBeenCalled();
  });

  it('in order are saved', async () => {
    const user = userEvent.setup();
    renderPage();
    await typeTime(user, /Start of working time/, '08:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(acceptedUpdate).toHaveBeenCalledWith(
      'ProfileSettings',
      expect.objectContaining({ startOfWorkingTime: '08:00:00' }),
      ['startOfWorkingTime'],
    );
  });
});

describe('the own name', () => {
  it('left blank is refused on its field, as the server would refuse it, and nothing is sent', async () => {
    const user = userEvent.setup();
    renderPage();
    fireEvent.change(await screen.findByLabelText(/Name/), { target: { value: '   ' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(acceptedUpdate).not.toHaveBeenCalled();
  });
});
