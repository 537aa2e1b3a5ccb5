import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import type { TransferName } from '@parkhere/contract';
import { Suspense, useEffect } from 'react';
import type { Row } from '../../api/model.ts';
import { PageTitle } from '../layout/PageTitle.tsx';
import type { ColumnSpec } from './columns.tsx';
import DataTable, { type DataTableProps } from './DataTable.tsx';
import { loadDataTableGrid } from './gridPart.ts';
import { usePhoneWidth } from './phoneWidth.ts';

/**
 * A page's data table, its title and a progress bar shown while the grid's code (gridPart.ts, the app's heaviest)
 * arrives. The table's own module is not loaded apart: RelationTable and the pages share it, so a lazy import of it
 * moved nothing out of their chunks (the build said so on every `npm start`).
 */
export function LazyDataTable<N extends TransferName>(props: DataTableProps<N>) {
  // Wider than a phone the rows are a grid: its code travels beside the table's, not after it.
  const phone = usePhoneWidth();
  useEffect(() => {
    if (!phone) {
      loadDataTableGrid().catch(() => undefined);
    }
  }, [phone]);
  // The table component is typed for every type at once; the columns were checked against `N` here.
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
