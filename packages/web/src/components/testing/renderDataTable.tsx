import type { TransferName } from '@parkhere/contract';
import { render } from '@testing-library/react';
import { TestQueryRoot } from '../../api/TestQueryRoot.tsx';
import { DialogsProvider } from '../../feedback/dialogs.tsx';
import DataTable, { type DataTableProps } from '../data-table/DataTable.tsx';

/** A data table as a screen shows it: under the dialogs its confirmations open, with a query cache of its own. */
export function renderDataTable<N extends TransferName>(props: DataTableProps<N>) {
  return render(
    <DialogsProvider>
      <DataTable {...props} />
    </DialogsProvider>,
    { wrapper: TestQueryRoot },
  );
}

/** A table that only lists (no edit, no delete), under a table id of its own so no stored state carries over. */
export function renderListingTable<N extends TransferName>(
  props: Omit<DataTableProps<N>, 'tableId' | 'editable' | 'deletable'>,
) {
  return renderDataTable({
    ...props,
    tableId: `listing-${Math.random()}`,
    editable: false,
    deletable: false,
  });
}
