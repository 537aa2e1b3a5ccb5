import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import application from '../../../public/i18n/application_en-US.json';
import system from '../../../public/i18n/system_en-US.json';
import type { ListResult, QueryCustomizer, Row } from '../../api/model.ts';
import { DialogsProvider } from '../../feedback/dialogs.tsx';
import DataTable from './DataTable.tsx';

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
  };
});

const garages = (count: number): Row[] =>
  Array.from({ length: count }, (_, index) => ({
    __identifier: String(index + 1),
    __signedIdentifier: `signed-${index + 1}`,
    name: `Garage ${String(index + 1).padStart(2, '0')}`,
  }));

function showTable() {
  render(
    <DialogsProvider>
      <DataTable
        tableId={`test-${Math.random()}`}
        type="ParkingGarageSettings"
        source={{ kind: 'accessPoint', accessPoint: 'parkingGarages' }}
        columns={[{ field: 'name' }]}
        editable={false}
        deletable={false}
        countRecords={server.counts}
      />
    </DialogsProvider>,
  );
}

/** The footer's "from–to of count" text. */
const footer = async () => (await screen.findByText(/\d+–\d+ of /)).textContent;

describe('data table footer (keyset paging, SPEC §7 limit = page size + 1)', () => {
  beforeAll(async () => {
    await i18next.use(initReactI18next).init({
      lng: 'en-US',
      resources: { 'en-US': { application, system } },
    });
  });
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
