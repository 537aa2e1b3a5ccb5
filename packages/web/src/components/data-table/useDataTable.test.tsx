import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type ListResult, list, type QueryCustomizer, type Row } from '../../api/model.ts';
import { TestQueryRoot } from '../../api/TestQueryRoot.tsx';
import { tableStateKey } from '../../preferences/tableStorage.ts';
import { type DataTableProps, useDataTable } from './useDataTable.ts';

/** The server's garages, read by `~list` with keyset seek, written by `~create` and `~delete`. */
const server = vi.hoisted(() => ({ stored: [] as Row[] }));

vi.mock('../../api/model.ts', async (original) => {
  const actual = await original<typeof import('../../api/model.ts')>();
  return {
    ...actual,
    list: vi.fn(async (_source: unknown, query: QueryCustomizer): Promise<ListResult<Row>> => {
      const limit = query._seek?.limit ?? server.stored.length;
      return { items: server.stored.slice(0, limit), total: null };
    }),
    template: vi.fn(async () => ({ isActive: true })),
    create: vi.fn(async (_accessPoint: string, row: Row) => {
      const n = server.stored.length + 1;
      const created = { ...row, __identifier: `g${n}`, __signedIdentifier: `signed-g${n}` };
      server.stored = [...server.stored, created];
      return created;
    }),
    remove: vi.fn(async (_type: string, row: Row) => {
      server.stored = server.stored.filter((stored) => stored.__identifier !== row.__identifier);
    }),
  };
});

vi.mock('../../feedback/dialogs.tsx', async (original) => ({
  ...(await original<typeof import('../../feedback/dialogs.tsx')>()),
  useDialogs: () => ({ confirm: async () => true }),
}));

const garage = (n: number): Row => ({
  __identifier: `g${n}`,
  __signedIdentifier: `signed-g${n}`,
  name: `Garage ${n}`,
});

const garages = (tableId: string): DataTableProps<'ParkingGarageSettings'> => ({
  tableId,
  type: 'ParkingGarageSettings',
  source: { kind: 'accessPoint', accessPoint: 'parkingGarages' },
  columns: [{ field: 'name' }],
  createIn: 'parkingGarages',
});

const names = (rows: readonly Row[]) => rows.map((row) => row.name);

describe('the data table controller', () => {
  beforeEach(() => {
    window.localStorage.clear();
    server.stored = [garage(1), garage(2)];
    vi.mocked(list).mockClear();
  });

  it('reads a page two tables show once', async () => {
    const { result } = renderHook(() => [useDataTable(garages('left')), useDataTable(garages('right'))], {
      wrapper: TestQueryRoot,
    });
    await waitFor(() => expect(names(result.current[1]?.rows ?? [])).toEqual(['Garage 1', 'Garage 2']));
    expect(names(result.current[0]?.rows ?? [])).toEqual(['Garage 1', 'Garage 2']);
    expect(list).toHaveBeenCalledTimes(1);
  });

  it('shows a saved new row in place of its draft', async () => {
    const shown: string[][] = [];
    const { result } = renderHook(
      () => {
        const table = useDataTable(garages('created'));
        shown.push(table.rows.map((row) => String(row.name)));
        return table;
      },
      { wrapper: TestQueryRoot },
    );
    await waitFor(() => expect(names(result.current.rows)).toEqual(['Garage 1', 'Garage 2']));

    await act(() => result.current.addRow());
    const draft = result.current.rows[0];
    expect(draft?.isActive, 'the draft starts from the template').toBe(true);
    if (draft === undefined) {
      return;
    }
    await act(() => result.current.processRowUpdate({ ...draft, name: 'Garage 3' }, draft));

    await waitFor(() => expect(names(result.current.rows)).toEqual(['Garage 1', 'Garage 2', 'Garage 3']));
    expect(result.current.drafts).toEqual([]);
    expect(
      shown.filter((names) => names.filter((name) => name === 'Garage 3').length > 1),
      'the draft and the saved row are never shown together',
    ).toEqual([]);
  });

  it('takes a deleted row off every table of its type', async () => {
    const { result } = renderHook(() => [useDataTable(garages('one')), useDataTable(garages('other'))], {
      wrapper: TestQueryRoot,
    });
    await waitFor(() => expect(names(result.current[1]?.rows ?? [])).toEqual(['Garage 1', 'Garage 2']));

    await act(() => result.current[0]?.deleteRow(garage(1)) ?? Promise.resolve());

    await waitFor(() => expect(names(result.current[1]?.rows ?? [])).toEqual(['Garage 2']));
    expect(names(result.current[0]?.rows ?? [])).toEqual(['Garage 2']);
  });

  it('sends the page’s own filters with the user’s, and reads again when they change', async () => {
    const { result, rerender } = renderHook(
      ({ name }: { name: string }) =>
        useDataTable({
          ...garages('fixed'),
          fixedFilters: { name: [{ operator: 'equal', value: name }] },
        }),
      { wrapper: TestQueryRoot, initialProps: { name: 'Garage 1' } },
    );
    await waitFor(() => expect(result.current.rows).toHaveLength(2));
    expect(vi.mocked(list).mock.calls.at(-1)?.[1]).toMatchObject({
      name: [{ operator: 'equal', value: 'Garage 1' }],
    });

    rerender({ name: 'Garage 2' });
    await waitFor(() =>
      expect(vi.mocked(list).mock.calls.at(-1)?.[1]).toMatchObject({
        name: [{ operator: 'equal', value: 'Garage 2' }],
      }),
    );
    // The day of a waitlist is the page's, not a filter the user set: it is not remembered with the table.
    expect(window.localStorage.getItem(tableStateKey('fixed'))).not.toContain('Garage');
  });

  it('reads its page again when it mounts again, though the cache still holds it', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 5_000 } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const first = renderHook(() => useDataTable(garages('remounted')), { wrapper });
    await waitFor(() => expect(names(first.result.current.rows)).toEqual(['Garage 1', 'Garage 2']));
    first.unmount();

    server.stored = [garage(2)];
    const second = renderHook(() => useDataTable(garages('remounted')), { wrapper });
    await waitFor(() => expect(names(second.result.current.rows)).toEqual(['Garage 2']));
  });
});
