import type { TransferName } from '@parkhere/contract';
import { hashKey, keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type ListSource, list, type QueryCustomizer, type Row, type WireFilter } from '../../api/model.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { rowIdOf } from './drafts.ts';
import { type FilterKinds, toQueryCustomizer } from './filterModel.ts';
import {
  directionOf,
  EMPTY_PAGE,
  firstPageOf,
  type Page,
  type PageDirection,
  pageFrom,
  seekFor,
} from './keysetPaging.ts';
import type { TableState } from './tableState.ts';

/** Where the table stands: the move that made the page shown, from the rows and index it moved from. */
type Position = { query: string; direction: PageDirection; shown: Row[]; from: number };

/** A page as the cache holds it, with its index and the server's count when it was asked for one. */
export type PageAnswer = { page: Page; index: number; total: number | null };

export type TablePageInput = {
  type: TransferName;
  source: ListSource;
  mask: string;
  state: TableState;
  kinds: FilterKinds;
  attributeNames: readonly string[];
  countRecords: boolean;
  fixedFilters?: Readonly<Record<string, WireFilter[]>> | undefined;
};

const indexAfter = (position: Position, page: Page): number => {
  switch (position.direction) {
    case 'first':
      return 0;
    case 'next':
      return position.from + 1;
    case 'previous':
      return page.hasPrevious ? position.from - 1 : 0;
  }
};

/**
 * One page of a table's `~list` through the query cache, paged by keyset (DESIGN §5). A new query (source,
 * filters, sort, page size) starts from the first page; the page shown stays while the next one loads.
 */
export function useTablePage(input: TablePageInput) {
  const { type, source, mask, state, kinds, attributeNames, countRecords, fixedFilters } = input;
  const queryClient = useQueryClient();
  const query = hashKey([source, mask, state.filters, fixedFilters ?? null, state.sort, state.pageSize]);
  const [moved, setMoved] = useState<Position | null>(null);
  const position: Position =
    moved !== null && moved.query === query ? moved : { query, direction: 'first', shown: [], from: 0 };

  const customizer = (direction: PageDirection, shown: readonly Row[]): QueryCustomizer => {
    const customized = toQueryCustomizer(
      {
        mask,
        filters: state.filters,
        sort: state.sort,
        seek: seekFor(direction, state.pageSize, shown, attributeNames),
      },
      kinds,
    );
    // The page's own filters join the user's on the same attribute (the server ANDs them).
    for (const [attribute, filters] of Object.entries(fixedFilters ?? {})) {
      const own = customized[attribute];
      customized[attribute] = [...(Array.isArray(own) ? own : []), ...filters];
    }
    return customized;
  };
  const key = queryKeys.list(type, source, customizer(position.direction, position.shown), countRecords);

  const answer = useQuery({
    queryKey: key,
    queryFn: async (): Promise<PageAnswer> => {
      const result = await list(source, customizer(position.direction, position.shown), { countRecords });
      const made = pageFrom(position.direction, state.pageSize, result.items);
      if (made !== 'reload') {
        return { page: made, index: indexAfter(position, made), total: result.total };
      }
      // A previous page came back short (rows were deleted meanwhile): the first page, full, instead.
      const first = await list(source, customizer('first', []), { countRecords });
      return { page: firstPageOf(state.pageSize, first.items), index: 0, total: first.total };
    },
    placeholderData: keepPreviousData,
    // A table that mounts reads its page, as it always has (another page's writes may not have invalidated
    // it); what the cache holds shows meanwhile, and tables mounting together still share one request.
    refetchOnMount: 'always',
  });

  const page = answer.isError ? EMPTY_PAGE : (answer.data?.page ?? EMPTY_PAGE);
  const pageIndex = answer.data?.index ?? 0;

  return {
    page,
    pageIndex,
    total: answer.data?.total ?? null,
    loading: answer.isFetching,
    readAt: answer.isPlaceholderData ? 0 : answer.dataUpdatedAt,
    failed: answer.isError,
    /** Moves to the page the grid asks for, from the stored rows shown now. */
    moveTo(nextIndex: number, shown: Row[]) {
      setMoved({ query, direction: directionOf(pageIndex, nextIndex), shown, from: pageIndex });
    },
    firstPage: () => setMoved(null),
    /** The query of every page at once: what an export of the table's rows sends. */
    wholeQuery: () => customizer('first', []),
    refresh: () => void answer.refetch(),
    /** Shows a row as saved on the page in the cache, without reading the page again. */
    patchRow(rowId: string, saved: Row) {
      queryClient.setQueryData<PageAnswer>(key, (current) =>
        current === undefined
          ? current
          : {
              ...current,
              page: {
                ...current.page,
                rows: current.page.rows.map((row) => (rowIdOf(row) === rowId ? { ...row, ...saved } : row)),
              },
            },
      );
    },
  };
}
