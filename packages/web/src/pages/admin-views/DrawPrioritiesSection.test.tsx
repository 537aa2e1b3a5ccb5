import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { list, operation, type Row, remove } from '../../api/model.ts';
import { renderOnScreen } from '../../components/testing/renderOnScreen.tsx';
import { resetAfterEach } from '../../components/testing/resetAfterEach.ts';
import { initEnglishTranslations } from '../../components/testing/translationsForTests.ts';
import { ApiError } from '../../errors/apiError.ts';
import { PreferencesProvider } from '../../preferences/preferences.tsx';
import { PREFERENCES_KEY } from '../../preferences/storage.ts';
import { DrawPrioritiesSection } from './DrawPrioritiesSection.tsx';

/*
 * Issue 26, fairness: an administrator gives a user a need-based priority in the draw (a category until a day)
 * on the user's page, sees the priorities the user holds and takes one back.
 */

/** The user's priorities as the server holds them in a test. */
const server = vi.hoisted(() => ({ priorities: [] as Row[] }));

vi.mock('../../api/model.ts', async (original) => ({
  ...(await original<typeof import('../../api/model.ts')>()),
  list: vi.fn(async () => ({ items: server.priorities, total: server.priorities.length })),
  operation: vi.fn(),
  remove: vi.fn(),
}));

beforeAll(initEnglishTranslations);
resetAfterEach(vi.mocked(operation), vi.mocked(remove));

const USER: Row = { __identifier: 'u1', __signedIdentifier: 'signed-user', name: 'Ulrich User' };

const priority = (id: number, category: string, expires: string): Row => ({
  __identifier: String(id),
  __signedIdentifier: `signed-priority-${id}`,
  __version: 1,
  __deleteable: true,
  __updateable: true,
  category,
  expires,
});

beforeEach(() => {
  server.priorities = [priority(1, 'MEDICAL', '2027-03-31')];
  vi.mocked(list).mockClear();
});

function renderSection() {
  window.localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ i18n: 'en-US' }));
  return renderOnScreen(
    <PreferencesProvider>
      <DrawPrioritiesSection user={USER} />
    </PreferencesProvider>,
  );
}

type User = ReturnType<typeof renderSection>;

const form = () => screen.getByRole('form', { name: 'Give priority' });

/**
 * Once the table shows the user's priority, gives one of `category` until `day`: the category chosen, the day
 * typed section by section as the field shows them (month, day, year in English), and the form sent.
 */
async function give(user: User, category: string, day: string) {
  await screen.findByText('Medical');
  await user.click(within(form()).getByRole('combobox', { name: /Category/ }));
  await user.click(await screen.findByRole('option', { name: category }));
  const [year, month, dayOfMonth] = day.split('-');
  const [first] = within(screen.getByRole('group', { name: /Holds until/ })).getAllByRole('spinbutton');
  await user.click(first as HTMLElement);
  await user.keyboard(`${month}${dayOfMonth}${year}`);
  await user.click(within(form()).getByRole('button', { name: 'Give priority' }));
}

// Rendering the grid and the date picker in jsdom takes seconds on a shared machine.
const SLOW = { timeout: 60_000 };

describe('the draw priorities on a user’s page', () => {
  it('says who sees them, and lists the user’s priorities by category and expiry', SLOW, async () => {
    renderSection();
    expect(screen.getByText(/only administrators see it/)).toBeDefined();
    const table = await screen.findByRole('grid');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Actions', 'Category', 'Holds until']);
    const row = (await within(table).findByText('Medical')).closest('[role="row"]') as HTMLElement;
    expect(row.textContent).toMatch(/2027/);
  });

  it('gives a priority of the chosen category until the typed day, and lists it', SLOW, async () => {
    vi.mocked(operation).mockImplementation(async () => {
      server.priorities = [...server.priorities, priority(2, 'CARPOOL', '2027-01-31')];
      return server.priorities[1] as never;
    });
    const user = renderSection();
    await give(user, 'Carpool', '2027-01-31');

    await waitFor(() =>
      expect(operation).toHaveBeenCalledWith(
        'UserSettings',
        'createDrawPriority',
        { category: 'CARPOOL', expires: '2027-01-31' },
        USER,
      ),
    );
    expect(await within(screen.getByRole('grid')).findByText('Carpool')).toBeDefined();
  });

  it('shows the server’s refusal under the field it is about, and lists nothing new', SLOW, async () => {
    vi.mocked(operation).mockRejectedValue(
      new ApiError(400, [{ code: 'UNIQUE_CONSTRAINT_VIOLATED', level: 'ERROR', location: 'category' }]),
    );
    const user = renderSection();
    await give(user, 'Medical', '2027-01-31');

    expect(await within(form()).findByText('This value is already taken.')).toBeDefined();
    const table = within(screen.getByRole('grid'));
    expect(table.getAllByRole('row')).toHaveLength(2);
    expect(table.getByText('Medical')).toBeDefined();
  });

  it('takes a priority back after a confirmation', SLOW, async () => {
    vi.mocked(remove).mockImplementation(async () => {
      server.priorities = [];
    });
    const user = renderSection();
    const row = (await screen.findByText('Medical')).closest('[role="row"]') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmation' });
    expect(dialog.textContent).toContain('Are you sure you want to delete this item?');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));

    await waitFor(() =>
      expect(remove).toHaveBeenCalledWith(
        'DrawPriority',
        expect.objectContaining({ __signedIdentifier: 'signed-priority-1' }),
      ),
    );
    await waitFor(() => expect(within(screen.getByRole('grid')).queryByText('Medical')).toBeNull());
  });
});
