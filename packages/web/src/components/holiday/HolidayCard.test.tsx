import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { operation } from '../../api/model.ts';
import { ApiError } from '../../errors/apiError.ts';
import { toast } from '../../feedback/toast.ts';
import { saveEditDialog } from '../testing/editDialog.ts';
import { renderOnScreen } from '../testing/renderOnScreen.tsx';
import { resetAfterEach } from '../testing/resetAfterEach.ts';
import { initEnglishTranslations } from '../testing/translationsForTests.ts';
import { HolidayCard, type HolidayRow } from './HolidayCard.tsx';

vi.mock('../../api/model.ts', async (original) => ({
  ...(await original<typeof import('../../api/model.ts')>()),
  operation: vi.fn(async () => undefined),
}));
vi.mock('../../feedback/toast.ts', () => ({ toast: { success: vi.fn(), warning: vi.fn(), error: vi.fn() } }));

beforeAll(initEnglishTranslations);

resetAfterEach(vi.mocked(operation), vi.mocked(toast.success));

const holiday: HolidayRow = {
  __signedIdentifier: 'signed-holiday',
  startDate: '2099-03-02',
  endDate: '2099-03-04',
  isNotDeletable: false,
};

function renderCard(row: HolidayRow = holiday) {
  return renderOnScreen(<HolidayCard holiday={row} image="palm.svg" />);
}

describe('a holiday card', () => {
  it('opens an editor on its dates that says what can be changed, and saves them with Save', async () => {
    const user = renderCard();
    await user.click(
      screen.getByRole('button', { name: 'Edit holiday of Mon, 2 Mar 2099 – Wed, 4 Mar 2099' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit holiday' });
    expect(within(dialog).getByText(/You can change the start and end dates/)).toBeTruthy();
    expect(within(dialog).getByRole('group', { name: /Start date/ })).toBeTruthy();
    await saveEditDialog(
      user,
      dialog,
      {
        type: 'Holiday',
        name: 'modifyHoliday',
        body: { startDate: '2099-03-02', endDate: '2099-03-04' },
        signedIdentifier: 'signed-holiday',
      },
      'Holiday changed.',
    );
  });

  it('shows the server’s refusal under the field it names and stays open', async () => {
    vi.mocked(operation).mockRejectedValue(
      new ApiError(400, [{ code: 'OVERLAPPING_HOLIDAY', level: 'ERROR', location: 'startDate' }]),
    );
    const user = renderCard();
    await user.click(screen.getByRole('button', { name: /^Edit/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit holiday' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/overlaps/i)).toBeTruthy();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('offers neither Edit nor Delete on a holiday that has ended', () => {
    renderCard({ ...holiday, isNotDeletable: true });
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });

  it('names its actions with its days after the word they show (WCAG 2.5.3)', () => {
    renderCard({ ...holiday, endDate: '2099-03-02' });
    expect(
      screen.getAllByRole('button').map((button) => [button.textContent, button.getAttribute('aria-label')]),
    ).toEqual([
      ['Edit', 'Edit holiday of Mon, 2 Mar 2099'],
      ['Delete', 'Delete holiday of Mon, 2 Mar 2099'],
    ]);
  });
});
