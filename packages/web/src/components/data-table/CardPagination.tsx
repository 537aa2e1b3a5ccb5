import TablePagination from '@mui/material/TablePagination';
import { useGridLocaleText } from './gridLocaleText.ts';
import { pageSizeOptions } from './tableState.ts';
import type { DataTableController } from './useDataTable.ts';

/**
 * The cards' paging, the same server paging and texts as the grid's footer. A part of its own, loaded after the
 * first cards: MUI's TablePagination makes a number format as its module loads, and with the grid's texts it was a
 * third of the table's code a phone evaluated before its first card (issue 31 §1). It sits below the cards.
 */
export default function CardPagination({
  table,
  pageIndex,
  rowCount,
}: {
  table: DataTableController;
  pageIndex: number;
  rowCount: number;
}) {
  const { pageSize } = table.state;
  const localeText = useGridLocaleText('');
  return (
    <TablePagination
      component="div"
      count={rowCount}
      page={pageIndex}
      rowsPerPage={pageSize}
      rowsPerPageOptions={pageSizeOptions(pageSize)}
      onPageChange={(_, page) => table.changePage({ page, pageSize })}
      onRowsPerPageChange={(event) => table.changePage({ page: 0, pageSize: Number(event.target.value) })}
      labelRowsPerPage={localeText.paginationRowsPerPage}
      labelDisplayedRows={({ from, to, count }) =>
        localeText.paginationDisplayedRows?.({ from, to, count, estimated: undefined }) ?? ''
      }
      sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', px: 0 } }}
    />
  );
}
