import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { exportList, type ListResult, type QueryCustomizer, type Row, update } from '../../api/model.ts';
import { downloadInline, uploadFile } from '../files/fileTransfer.ts';
import { renderDataTable, renderListingTable } from '../testing/renderDataTable.tsx';
import { initEnglishTranslations } from '../testing/translationsForTests.ts';

/** The server's answer to a `~list`: keyset seek over `stored`, in order, with the total when counted. */
const server = vi.hoisted(() => ({ stored: [] as Row[], counts: false }));

vi.mock('../../api/model.ts', async (original) => {
  const actual = await original<typeof import('../../api/model.ts')>();
  return {
    ...actual,
    list: vi.fn(async (_source: unknown, query: QueryCustomizer): Promise<ListResult<Row>> => {
      const seek = query._seek ?? {};
      const after = seek.lastItem?.__identifier;
      const start =
        after === undefined ? 0 : server.stored.findIndex((row) => row.__identifier === after) + 1;
      const items = server.stored.slice(start, start + (seek.limit ?? server.stored.length));
      return { items, total: server.counts ? server.stored.length : null };
    }),
    update: vi.fn(),
    exportList: vi.fn(async () => {}),
  };
});

vi.mock('../files/fileTransfer.ts', async (original) => ({
  ...(await original<typeof import('../files/fileTransfer.ts')>()),
  uploadFile: vi.fn(),
  downloadInline: vi.fn(),
}));

const garages = (count: number): Row[] =>
  Array.from({ length: count }, (_, index) => ({
    __identifier: String(index + 1),
    __signedIdentifier: `signed-${index + 1}`,
    name: `Garage ${String(index + 1).padStart(2, '0')}`,
  }));

function showTable() {
  renderListingTable({
    type: 'ParkingGarageSettings',
    source: { kind: 'accessPoint', accessPoint: 'parkingGarages' },
    columns: [{ field: 'name' }],
    countRecords: server.counts,
  });
}

/** The slots with their floor plans: a table of file cells. */
function showFloorPlans(tableId: string, options: { editable?: boolean; readOnly?: boolean } = {}) {
  renderDataTable({
    tableId,
    type: 'ParkingSlotSettings',
    source: { kind: 'accessPoint', accessPoint: 'parkingSlots' },
    columns: [{ field: 'name' }, { field: 'floorPlan' }],
    ...options,
  });
}

/** The footer's "from–to of count" text. */
const footer = async () => (await screen.findByText(/\d+–\d+ of /)).textContent;

beforeAll(initEnglishTranslations);

describe('data table footer (keyset paging, SPEC §7 limit = page size + 1)', () => {
  beforeEach(() => {
    window.localStorage.clear();
    server.counts = false;
  });
  afterEach(() => cleanup());

  it('knows the total of a short list without a count from the server', async () => {
    server.stored = garages(7);
    showTable();
    expect(await screen.findByText('Garage 07')).toBeDefined();
    expect(await footer()).toBe('1–7 of 7');
  });

  it('knows the total of a list of exactly one page', async () => {
    server.stored = garages(10);
    showTable();
    expect(await screen.findByText('Garage 10')).toBeDefined();
    expect(await footer()).toBe('1–10 of 10');
  });

  it('says "more than" while another page follows, and the total on the last page', async () => {
    const user = userEvent.setup();
    server.stored = garages(13);
    showTable();
    expect(await screen.findByText('Garage 10')).toBeDefined();
    expect(screen.queryByText('Garage 11')).toBeNull();
    expect(await footer()).toBe('1–10 of more than 10');
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('Garage 13')).toBeDefined();
    expect(await footer()).toBe('11–13 of 13');
    expect(within(screen.getByRole('grid')).queryByText('Garage 01'), 'the first page is gone').toBeNull();
    await user.click(screen.getByRole('button', { name: 'Go to previous page' }));
    expect(await screen.findByText('Garage 01')).toBeDefined();
    expect(await footer()).toBe('1–10 of more than 10');
  });

  it('shows the server total when the table counts', async () => {
    server.counts = true;
    server.stored = garages(13);
    showTable();
    expect(await screen.findByText('Garage 10')).toBeDefined();
    expect(await footer()).toBe('1–10 of 13');
  });
});

describe('data table export', () => {
  afterEach(() => cleanup());

  it('offers CSV and Excel from a menu the keyboard opens, and exports the table’s columns and sort', async () => {
    const user = userEvent.setup();
    window.localStorage.clear();
    server.stored = garages(3);
    showTable();
    expect(await screen.findByText('Garage 03')).toBeDefined();
    const button = screen.getByRole('button', { name: 'Export' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    button.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['CSV (comma-separated)', 'Excel workbook (.xlsx)']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Excel workbook (.xlsx)' }));
    await waitFor(() => expect(vi.mocked(exportList)).toHaveBeenCalledTimes(1));
    const [source, query, format] = vi.mocked(exportList).mock.calls[0] ?? [];
    expect(source).toEqual({ kind: 'accessPoint', accessPoint: 'parkingGarages' });
    expect(format).toBe('xlsx');
    expect(query?._mask).toBe('{name}');
    expect(screen.queryByRole('menu')).toBeNull();
  });
});

/** jsdom lays nothing out: the region's content is `content` px wide in a region `shown` px wide. */
function layOut(content: number, shown: number) {
  const region = (element: Element) => element.getAttribute('role') === 'region';
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return region(this) ? content : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return region(this) ? shown : 0;
  });
}

describe('a table wider than the screen (WCAG 2.1.1, axe scrollable-region-focusable)', () => {
  beforeEach(() => {
    window.localStorage.clear();
    server.counts = false;
    server.stored = garages(2);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('scrolls in a region named by its title, a tab stop of its own', async () => {
    const user = userEvent.setup();
    layOut(1400, 360);
    renderListingTable({
      title: 'Garages',
      type: 'ParkingGarageSettings',
      source: { kind: 'accessPoint', accessPoint: 'parkingGarages' },
      columns: [{ field: 'name' }],
    });
    const region = await screen.findByRole('region', { name: 'Garages' });
    expect(within(region).getByRole('grid')).toBeDefined();
    expect(await within(region).findByText('Garage 02')).toBeDefined();
    await waitFor(() => expect(region.tabIndex).toBe(0));
    // The toolbar's buttons first, then the region: the arrow keys scroll what has the focus.
    for (let press = 0; press < 10 && document.activeElement !== region; press += 1) {
      await user.tab();
    }
    expect(document.activeElement).toBe(region);
  });

  it('is no extra tab stop while everything fits, and is named "Rows" without a title', async () => {
    layOut(800, 800);
    showTable();
    const region = await screen.findByRole('region', { name: 'Rows' });
    expect(await within(region).findByText('Garage 02')).toBeDefined();
    expect(region.hasAttribute('tabindex')).toBe(false);
  });
});

/** A file token as the server hands it out: its payload names the file (SPEC §7). */
const tokenNamed = (name: string) =>
  `header.${btoa(JSON.stringify({ kind: 'file', name })).replace(/=+$/, '')}.signature`;

describe('a file attribute in a table (SPEC §7 Files)', () => {
  beforeEach(() => {
    window.localStorage.clear();
    server.counts = false;
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => cleanup());

  it('shows the stored file by name, opens it inline and uploads a new one onto its row', async () => {
    const user = userEvent.setup();
    const slot = (n: number, floorPlan: string | null): Row => ({
      __identifier: String(n),
      __signedIdentifier: `slot-${n}`,
      __version: n,
      __updateable: true,
      name: `A-0${n}`,
      floorPlan,
    });
    server.stored = [slot(1, tokenNamed('level A.png')), slot(2, null)];
    vi.mocked(downloadInline).mockResolvedValue({
      url: 'blob:level-a',
      name: 'level A.png',
      type: 'image/png',
    });
    vi.mocked(uploadFile).mockResolvedValue({
      id: 'f2',
      name: 'plan B.pdf',
      size: 4,
      cType: 'application/pdf',
      token: 'upload-answer-token',
    });
    vi.mocked(update).mockResolvedValue({ ...slot(2, tokenNamed('plan B.pdf')), __version: 3 });
    showFloorPlans('test-files');

    await user.click(await screen.findByRole('button', { name: 'level A.png' }));
    const viewer = await screen.findByRole('dialog', { name: 'level A.png' });
    // An image is shown as an image, never framed with the app's origin.
    expect(viewer.querySelector('img')?.getAttribute('src')).toBe('blob:level-a');
    expect(downloadInline).toHaveBeenCalledWith(tokenNamed('level A.png'));
    await user.click(within(viewer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const second = screen.getByText('A-02').closest('[role="row"]') as HTMLElement;
    expect(within(second).getByRole('button', { name: 'Upload Floor plan' })).toBeDefined();
    const file = new File(['%PDF'], 'plan B.pdf', { type: 'application/pdf' });
    await user.upload(within(second).getByLabelText('Choose a file'), file);
    expect(await within(second).findByRole('button', { name: 'plan B.pdf' })).toBeDefined();
    expect(uploadFile).toHaveBeenCalledWith('ParkingSlotSettings', 'floorPlan', server.stored[1], file);
    // Only the file is written, on the version the row was read at.
    expect(update).toHaveBeenCalledWith(
      'ParkingSlotSettings',
      { __signedIdentifier: 'slot-2', __version: 2, floorPlan: 'upload-answer-token' },
      ['floorPlan'],
    );
  });

  it('offers no upload on a table that does not edit', async () => {
    server.stored = [
      { __identifier: '1', __signedIdentifier: 'slot-1', name: 'A-01', floorPlan: tokenNamed('a.png') },
    ];
    showFloorPlans('test-files-read-only', { editable: false });
    expect(await screen.findByRole('button', { name: 'a.png' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Upload Floor plan' })).toBeNull();
  });

  it('offers neither edit, delete nor upload on a read-only table of a type that allows them', async () => {
    server.stored = [
      {
        __identifier: '1',
        __signedIdentifier: 'slot-1',
        __updateable: true,
        __deleteable: true,
        name: 'A-01',
        floorPlan: tokenNamed('a.png'),
      },
    ];
    showFloorPlans('test-files-read-only-rows', { readOnly: true });
    const row = (await screen.findByText('A-01')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByRole('button', { name: 'a.png' })).toBeDefined();
    for (const action of ['Edit', 'Delete', 'Upload Floor plan']) {
      expect(within(row).queryByRole('button', { name: action }), action).toBeNull();
    }
  });
});

/*
 * SPEC §7 "Operators by type", as the filter dialog offers them: the labels a user sees in the operator list of
 * a new filter on a column of each kind, written out here rather than read from the constant the dialog uses.
 */
const EQUALITY = ['equals', 'does not equal'];
const COMPARISONS = ['less than', 'greater than', 'at most', 'at least'];
const EMPTINESS = ['is empty', 'is not empty'];

describe('the filter dialog (SPEC §7 operators by type)', () => {
  beforeEach(() => {
    window.localStorage.clear();
    server.stored = [];
  });
  afterEach(() => cleanup());

  it.each([
    [
      'string',
      'ParkingGarageSettings',
      'name',
      [...EQUALITY, 'contains', 'matches (regex)', ...COMPARISONS, ...EMPTINESS],
    ],
    ['numeric', 'ParkingSlotSettings', 'floor', [...EQUALITY, ...COMPARISONS]],
    ['date', 'UserReservation', 'date', [...EQUALITY, ...COMPARISONS]],
    ['dateTime', 'UserReservation', 'created', [...EQUALITY, ...COMPARISONS]],
    ['time', 'UserReservation', 'startTime', [...EQUALITY, ...COMPARISONS]],
    ['boolean', 'ParkingSlotSettings', 'isActive', [...EQUALITY, ...EMPTINESS]],
    ['enumeration', 'UserReservation', 'reservationType', [...EQUALITY, ...EMPTINESS]],
    ['trinaryLogic', 'Car', 'isFavorite', [...EQUALITY, ...EMPTINESS]],
  ] as const)(
    'offers a %s filter (%s.%s) exactly its operators',
    async (_kind, type, field, expected) => {
      const user = userEvent.setup();
      renderListingTable({
        type,
        source: { kind: 'accessPoint', accessPoint: 'parkingGarages' },
        columns: [{ field }],
      });
      await user.click(await screen.findByRole('button', { name: /Filters/ }));
      await user.click(await screen.findByRole('button', { name: 'Add filter' }));
      await user.click(await screen.findByRole('combobox', { name: 'Operator' }));
      const options = within(await screen.findByRole('listbox')).getAllByRole('option');
      expect(options.map((option) => option.textContent)).toEqual(expected);
    },
    // The first render of the grid and its dialog takes seconds in jsdom on a shared machine.
    30_000,
  );
});
