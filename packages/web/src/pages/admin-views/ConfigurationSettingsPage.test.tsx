import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestQueryRoot } from '../../api/TestQueryRoot.tsx';
import { acceptedUpdate } from '../../components/testing/recordApi.ts';
import { initEnglishTranslations } from '../../components/testing/translationsForTests.ts';
import { ApiError } from '../../errors/apiError.ts';
import { DialogsProvider } from '../../feedback/dialogs.tsx';
import ConfigurationSettingsPage from './ConfigurationSettingsPage.tsx';

/*
 * Issue 11 item 13: the configured time zone is picked from the zones the runtime knows, searchable by name,
 * instead of typed (a typo such as Mars/Olympus used to break every reservation form).
 */

vi.mock('../../api/model.ts', async (original) =>
  (await import('../../components/testing/recordApi.ts')).apiEditing(await original(), {
    __signedIdentifier: 'signed-configuration',
    __version: 1,
    timeZone: 'Europe/Budapest',
    maxDaysInAdvance: 14,
    retentionMonths: 24,
    auditRetentionMonths: 24,
    // What the reservations panel (the same mocked access point read) counts for a time zone change.
    upcomingReservationCount: 3,
  }),
);
vi.mock('../../navigation/NavigationProvider.tsx', () => ({ usePageTitle: () => undefined }));
// The sections below the general form have their own calls; here only the form matters.
vi.mock('./AdditionalDaysSection.tsx', () => ({ AdditionalDaysSection: () => null }));
vi.mock('./DoormenSection.tsx', () => ({ DoormenSection: () => null }));
vi.mock('./BackupsSection.tsx', () => ({ BackupsSection: () => null }));
vi.mock('./FileAttributeField.tsx', () => ({ FileAttributeField: () => null }));

beforeAll(initEnglishTranslations);

beforeEach(() => {
  acceptedUpdate.mockClear();
});

afterEach(() => cleanup());

/** The page as the shell holds it: its query cache and the confirm dialogs. */
const Root = ({ children }: { children: ReactNode }) => (
  <TestQueryRoot>
    <DialogsProvider>{children}</DialogsProvider>
  </TestQueryRoot>
);

const timeZoneBox = async () => screen.findByRole('combobox', { name: /Time zone/ });

/** Types a search at once: keystroke by keystroke, jsdom re-renders the 400-zone list each time. */
const search = (box: HTMLElement, text: string) => {
  box.focus();
  fireEvent.change(box, { target: { value: text } });
};

// Rendering the page and its list of 400 zones takes seconds in jsdom on a shared machine.
const SLOW = { timeout: 30_000 };

describe('the configuration’s time zone', () => {
  it('is a searchable list of known zones, and the chosen one is saved', SLOW, async () => {
    const user = userEvent.setup();
    render(<ConfigurationSettingsPage />, { wrapper: Root });
    const box = await timeZoneBox();
    expect(box).toHaveProperty('value', 'Europe/Budapest');
    search(box, 'Lisb');
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Europe/Lisbon']);
    await user.click(within(listbox).getByRole('option', { name: 'Europe/Lisbon' }));
    // Issue 31 §3: first told how many reservations move, that their wall clock stays and who is mailed; No saves nothing.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const asked = await screen.findByRole('dialog');
    expect(asked.textContent).toContain(
      'Changing the time zone to Europe/Lisbon affects 3 reservations that have not begun: their dates and wall-clock times stay as booked (09:00 stays 09:00 in the new zone)',
    );
    // Those already mailed an invitation (owners, guests: migrations 0063, 0064) are told what the mail will be.
    expect(asked.textContent).toContain(
      'Whoever was mailed their invitations (owners, guests) is mailed the new times',
    );
    await user.click(within(asked).getByRole('button', { name: 'No' }));
    expect(acceptedUpdate).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(acceptedUpdate).toHaveBeenCalledWith(
      'ConfigurationSettings',
      expect.objectContaining({ timeZone: 'Europe/Lisbon' }),
      ['timeZone'],
    );
  });

  it('offers nothing for a zone no clock knows', SLOW, async () => {
    render(<ConfigurationSettingsPage />, { wrapper: Root });
    const box = await timeZoneBox();
    search(box, 'Mars/Olympus');
    expect(await screen.findByText('No such time zone')).toBeTruthy();
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('shows the server’s refusal under the field', SLOW, async () => {
    acceptedUpdate.mockRejectedValueOnce(
      new ApiError(400, [{ code: 'NOT_ACCEPTED_BY_RANGE', level: 'ERROR', location: 'timeZone' }]),
    );
    const user = userEvent.setup();
    render(<ConfigurationSettingsPage />, { wrapper: Root });
    const box = await timeZoneBox();
    search(box, 'UTC');
    await user.click(await screen.findByRole('option', { name: 'UTC' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('This value cannot be chosen.')).toBeTruthy();
  });
});

// The bookings' personal details, and the audit log's entries (issue 28, item 8).
describe.each([
  { field: 'retentionMonths', label: /Personal details of bookings kept \(months\)/ },
  { field: 'auditRetentionMonths', label: /Audit log kept \(months\)/ },
])('the retention $field', ({ field, label }) => {
  it('shows the months and saves a changed number', SLOW, async () => {
    const user = userEvent.setup();
    render(<ConfigurationSettingsPage />, { wrapper: Root });
    const months = await screen.findByRole('spinbutton', { name: label });
    expect(months).toHaveProperty('value', '24');
    await user.clear(months);
    await user.type(months, '36');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(acceptedUpdate).toHaveBeenCalledWith(
      'ConfigurationSettings',
      expect.objectContaining({ [field]: 36 }),
      [field],
    );
  });
});
