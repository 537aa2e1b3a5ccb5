import { useDeferredValue, useMemo } from 'react';
import type { DataTableController } from './useDataTable.ts';

/**
 * The page of rows the phone's cards show, with its loading state, index and count, in a deferred pass. A page's
 * answer reaches React Query's observers as an update React must render at once; rendering the cards in a pass
 * React may interrupt keeps a page of them from blocking input in one long task (TBT, issue 15). The grid takes
 * its rows at once: a row added for editing and its edit mode must arrive together.
 */
export function useShownPage(table: DataTableController) {
  const { rows, loading, pageIndex, rowCount } = table;
  return useDeferredValue(
    useMemo(() => ({ rows, loading, pageIndex, rowCount }), [rows, loading, pageIndex, rowCount]),
  );
}
