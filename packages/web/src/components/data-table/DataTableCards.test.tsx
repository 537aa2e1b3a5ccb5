import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ListResult, Row } from '../../api/model.ts';
import { phoneWidth } from '../testing/phoneWidth.ts';
import { renderDataTable, renderListingTable } from '../testing/renderDataTable.tsx';
import { initEnglishTranslations } from '../testing/translationsForTests.ts';

const stored = vi.hoisted(() => ({ rows: [] as Row[] }));

vi.mock('../../api/model.ts', async (original) => ({
  ...(await original<typeof import('../../api/model.ts')>()),
  list: vi.fn(async (): Promise<ListResult<Row>> => ({ items: stored.rows, total: stored.rows.length })),
}));

const onView = vi.fn();

function showSlots() {
  renderDataTable({
    tableId: `phone-${Math.random()}`,
    type: 'ParkingSlotSettings',
    source: { kind: 'accessPoint', accessPoint: 'parkingSlots' },
    title: 'Parking Slots',
    columns: [{ field: 'name' }, { field: 'floor' }, { field: 'isExclusive' }],
    onView,
    countRecords: true,
  });
}

beforeAll(initEnglishTranslations);

describe('data table below the small breakpoint (issue 14 item 21)', () => {
  beforeEach(() => {
    window.localStorage.clear();
    stored.rows = [
      { __identifier: '1', __signedIdentifier: 's-1', name: 'A-101', floor: -1, isExclusive: true },
      { __identifier: '2', __signedIdentifier: 's-2', name: 'B-202', floor: 2, isExclusive: false },
    ];
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows one card per row with every column labelled, and its actions as buttons and a menu on the card', async () => {
    phoneWidth(true);
    showSlots();
    const cards = await screen.findAllByTestId('data-table-card');
    expect(cards).toHaveLength(2);
    const [first] = cards;
    if (first === undefined) {
      throw new Error('no card');
    }
    const card = within(first);
    expect(card.getByText('Name')).toBeTruthy();
    expect(card.getByText('A-101')).toBeTruthy();
    expect(card.getByText('Floor')).toBeTruthy();
    expect(card.getByText('-1')).toBeTruthy();
    expect(card.getByRole('img', { name: 'Yes' })).toBeTruthy();
    await userEvent.click(card.getByRole('button', { name: 'View' }));
    expect(onView).toHaveBeenCalledWith(expect.objectContaining({ name: 'A-101' }));
    expect(card.getByRole('button', { name: 'Edit' })).toBeTruthy();
    // The third CRUD action sits in the card's overflow menu, as in the grid's row (SPEC §9).
    await userEvent.click(card.getByRole('button', { name: 'More actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Delete' })).toBeTruthy();
    expect(screen.queryByRole('grid')).toBeNull();
    expect(await screen.findByText('1–2 of 2')).toBeTruthy();
  });

  it('shows a whole page of ten cards in the order the server sent', async () => {
    phoneWidth(true);
    stored.rows = Array.from({ length: 10 }, (_, index) => ({
      __identifier: String(index),
      __signedIdentifier: `s-${index}`,
      name: `C-${100 + index}`,
      floor: 0,
      isExclusive: false,
    }));
    showSlots();
    await waitFor(() => expect(screen.getAllByTestId('data-table-card')).toHaveLength(10));
    expect(
      screen.getAllByTestId('data-table-card').map((card) => within(card).getByText(/^C-/).textContent),
    ).toEqual(stored.rows.map((row) => row.name));
  });

  it('shows an enumeration by its label, as the grid does', async () => {
    phoneWidth(true);
    stored.rows = [{ __identifier: '1', __signedIdentifier: 'r-1', reservationType: 'LONG' }];
    renderListingTable({
      type: 'UserReservation',
      source: { kind: 'accessPoint', accessPoint: 'reservationsAccess' },
      columns: [{ field: 'reservationType' }],
    });
    const [card] = await screen.findAllByTestId('data-table-card');
    expect(within(card as HTMLElement).getByText('Long')).toBeTruthy();
    expect(within(card as HTMLElement).queryByText('LONG')).toBeNull();
  });

  it('keeps the grid on a wide screen', async () => {
    phoneWidth(false);
    showSlots();
    expect(await screen.findByRole('grid')).toBeTruthy();
    expect(screen.queryAllByTestId('data-table-card')).toHaveLength(0);
  });
});
