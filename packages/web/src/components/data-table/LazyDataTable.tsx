import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import type { DataTableProps } from './DataTable.tsx';

// The data grid is the heaviest chunk of the app: a table page's own module stays tiny, so a route check
// (the 403 of an administrator page) never waits for it, and only a page that shows a table downloads it.
const DataTable = lazy(() => import('./DataTable.tsx'));

/** The data table, loaded on first use; its title shows while the grid arrives. */
export function LazyDataTable(props: DataTableProps) {
  const fallback = (
    <Stack spacing={2} aria-busy="true">
      {props.title !== undefined && (
        <Typography variant="h5" component="h1">
          {props.title}
        </Typography>
      )}
      <LinearProgress />
    </Stack>
  );
  return (
    <Suspense fallback={fallback}>
      <DataTable {...props} />
    </Suspense>
  );
}
