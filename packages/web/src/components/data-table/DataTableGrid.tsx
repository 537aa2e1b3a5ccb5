import { DataGrid, type GridColDef, type GridSortModel } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/model.ts';
import { rowIdOf } from './drafts.ts';
import { useGridLocaleText } from './gridLocaleText.ts';
import { ScrollRegion } from './ScrollRegion.tsx';
import { pageSizeOptions } from './tableState.ts';
import type { DataTableController } from './useDataTable.ts';

/** MUI's width of a column that sets none. */
const GRID_DEFAULT_WIDTH = 100;

/** The narrowest the grid shows every column whole: the columns' least widths side by side, and its border. */
function leastWidthOf(columns: readonly GridColDef<Row>[]): number {
  return columns.reduce(
    (sum, column) =>
      sum +
      Math.max(column.minWidth ?? 0, column.flex === undefined ? (column.width ?? GRID_DEFAULT_WIDTH) : 0),
    2,
  );
}

/**
 * The MUI data grid over a table controller: server sort and paging, row edit mode, errors on cells. A grid
 * wider than the screen is never squeezed: it scrolls sideways in a ScrollRegion named `label`, whose tab stop
 * and arrow keys reach every column (the grid's own scroller sits inside its role=grid and could not be one),
 * its pager kept in view.
 */
export function DataTableGrid({
  table,
  columns,
  label,
}: {
  table: DataTableController;
  columns: GridColDef<Row>[];
  label: string;
}) {
  const { t } = useTranslation('application');
  const { sort, pageSize, filters } = table.state;
  const sortModel = useMemo<GridSortModel>(
    () => (sort === null ? [] : [{ field: sort.attribute, sort: sort.descending ? 'desc' : 'asc' }]),
    [sort],
  );
  const paginationModel = useMemo(() => ({ page: table.pageIndex, pageSize }), [table.pageIndex, pageSize]);
  // Only an unknown count needs the grid to know a next page exists. Told `hasNextPage: false`, the grid
  // works a count out itself from the rows and page index it holds at that moment (the previous page's),
  // and may then move back to page 0 on its own.
  const paginationMeta = useMemo(
    () => (table.rowCount === -1 ? { hasNextPage: true } : {}),
    [table.rowCount],
  );
  const emptyText = filters.length > 0 ? t('dataTable.emptyFiltered') : t('dataTable.empty');
  const localeText = useGridLocaleText(emptyText);

  return (
    <ScrollRegion label={label} sx={{ containerType: 'inline-size' }}>
      <DataGrid<Row>
        rows={table.rows}
        columns={columns}
        getRowId={rowIdOf}
        loading={table.loading}
        localeText={localeText}
        density="standard"
        autoHeight
        disableColumnFilter
        disableColumnSelector
        disableRowSelectionOnClick
        sortingMode="server"
        sortingOrder={['asc', 'desc', null]}
        sortModel={sortModel}
        onSortModelChange={(model) => {
          const first = model[0];
          // The grid echoes the model it was given; only a real change is a new query.
          table.sortBy(first?.sort ? { attribute: first.field, descending: first.sort === 'desc' } : null);
        }}
        filterMode="server"
        paginationMode="server"
        paginationModel={paginationModel}
        onPaginationModelChange={table.changePage}
        pageSizeOptions={pageSizeOptions(pageSize)}
        rowCount={table.rowCount}
        paginationMeta={paginationMeta}
        editMode="row"
        rowModesModel={table.rowModes}
        onRowModesModelChange={table.setRowModes}
        processRowUpdate={table.processRowUpdate}
        onProcessRowUpdateError={() => {
          // Shown already: the toast of the error pipeline and the tooltips on the row's cells.
        }}
        sx={{
          minWidth: leastWidthOf(columns),
          // Clipped, not hidden: a hidden overflow would make the grid (or its content box) the pager's
          // scroller, and the pager would not stay in view while the region scrolls.
          overflow: 'clip',
          '& .MuiDataGrid-mainContent': { overflow: 'clip' },
          '& .MuiDataGrid-footerContainer': { position: 'sticky', left: 0, width: 'calc(100cqw - 2px)' },
          '& .data-table-cell--error': {
            outline: (theme) => `1px solid ${theme.palette.error.main}`,
            outlineOffset: '-1px',
          },
        }}
      />
    </ScrollRegion>
  );
}
