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
