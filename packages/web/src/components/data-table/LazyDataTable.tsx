import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import type { TransferName } from '@parkhere/contract';
import { lazy, Suspense, useEffect } from 'react';
import type { Row } from '../../api/model.ts';
import { PageTitle } from '../layout/PageTitle.tsx';
import type { ColumnSpec } from './columns.tsx';
import type { DataTableProps } from './DataTable.tsx';
import { loadDataTableGrid } from './gridPart.ts';
import { usePhoneWidth } from './phoneWidth.ts';

// The data grid is the heaviest chunk of the app: a table page's own module stays tiny, so a route check
// (the 403 of an administrator page) never waits for it, and only a page that shows a table downloads it.
const DataTable = lazy(() => import('./DataTable.tsx'));

/** The data table, loaded on first use; its title shows while the grid arrives. */
export function LazyDataTable<N extends TransferName>(props: DataTableProps<N>) {
  // Wider than a phone the rows are a grid: its code travels beside the table's, not after it.
  const phone = usePhoneWidth();
  useEffect(() => {
    if (!phone) {
      loadDataTableGrid().catch(() => undefined);
    }
  }, [phone]);
  // The loaded component is typed for every type at once; the columns were checked against `N` here.
  const columns: readonly ColumnSpec<Row>[] = props.columns.map((column) => ({
    ...column,
    field: column.field,
  }));
  const fallback = (
    <Stack spacing={2} aria-busy="true">
      {props.title !== undefined && <PageTitle>{props.title}</PageTitle>}
      <LinearProgress />
    </Stack>
  );
  return (
    <Suspense fallback={fallback}>
      <DataTable {...props} columns={columns} />
    </Suspense>
  );
}
