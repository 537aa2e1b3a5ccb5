import Box from '@mui/material/Box';
import CardActions from '@mui/material/CardActions';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridRenderCellParams } from '@mui/x-data-grid';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/model.ts';
import { MoreVertIcon } from '../../icons/icons.tsx';
import { Stage, StagedReveal } from '../layout/StagedReveal.tsx';
import type { ShownAction } from './actionsColumn.tsx';
import { rowIdOf } from './drafts.ts';
import { RowCard, RowCardList } from './RowCard.tsx';
import type { DataTableController } from './useDataTable.ts';
import { useShownPage } from './useShownPage.ts';

/** How many cards the table's first commit shows: a phone's screen of them. */
const FIRST_CARDS = 3;

const CardPagination = lazy(() => import('./CardPagination.tsx'));
/** The paging's height while its part loads (MUI's TablePagination toolbar on a phone). */
const PAGINATION_HEIGHT = 52;

/**
 * What a column shows for a row outside the grid: its getter, formatter and cell renderer in the grid's order.
 * The table's columns read the row and its value only, never the grid's API, so none is passed.
 */
function cellOf(column: GridColDef<Row>, row: Row): ReactNode {
  const raw: unknown = row[column.field];
  const noApi = { current: null } as never;
  const value: unknown = column.valueGetter ? column.valueGetter(raw as never, row, column, noApi) : raw;
  const formatted: unknown = column.valueFormatter
    ? column.valueFormatter(value as never, row, column, noApi)
    : value;
  if (column.renderCell) {
    const params = { row, value, formattedValue: formatted, field: column.field, id: rowIdOf(row) };
    return column.renderCell(params as GridRenderCellParams<Row>);
  }
  return formatted === null || formatted === undefined ? '' : String(formatted);
}

/** A card's actions: each its own labelled button, the overflow ones behind one menu button as in the grid. */
function CardActionButtons({ actions }: { actions: readonly ShownAction[] }) {
  const { t } = useTranslation('application');
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const inline = actions.filter((action) => action.inMenu !== true);
  const inMenu = actions.filter((action) => action.inMenu === true);
  return (
    <CardActions sx={{ flexWrap: 'wrap', justifyContent: 'flex-end', pt: 0 }}>
      {inline.map((action) => (
        <Tooltip key={action.key} title={action.label}>
          <span>
            <IconButton
              aria-label={action.label}
              onClick={action.onClick}
              disabled={action.disabled === true}
              {...(action.color === undefined ? {} : { color: action.color })}
            >
              {action.icon}
            </IconButton>
          </span>
        </Tooltip>
      ))}
      {inMenu.length > 0 && (
        <>
          <IconButton
            aria-label={t('dataTable.moreActions')}
            onClick={(event) => setMenuAnchor(event.currentTarget)}
          >
            <MoreVertIcon />
          </IconButton>
          <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
            {inMenu.map((action) => (
              <MenuItem
                key={action.key}
                disabled={action.disabled === true}
                onClick={() => {
                  setMenuAnchor(null);
                  action.onClick();
                }}
              >
                <Box component="span" sx={{ display: 'inline-flex', mr: 1.5 }}>
                  {action.icon}
                </Box>
                {action.label}
              </MenuItem>
            ))}
          </Menu>
        </>
      )}
    </CardActions>
  );
}

/** The cards' sort: the grid sorts by its headers, which cards do not have. `''` is the server's own order. */
function CardSort({ table, columns }: { table: DataTableController; columns: readonly GridColDef<Row>[] }) {
  const { t } = useTranslation('application');
  const sortable = columns.filter((column) => column.sortable !== false);
  if (sortable.length === 0) {
    return null;
  }
  const { sort } = table.state;
  const current = sort === null ? '' : `${sort.attribute} ${sort.descending ? 'desc' : 'asc'}`;
  return (
    <TextField
      select
      size="small"
      label={t('dataTable.sortBy')}
      value={current}
      onChange={(event) => {
        const [attribute = '', direction] = event.target.value.split(' ');
        table.sortBy(attribute === '' ? null : { attribute, descending: direction === 'desc' });
      }}
      sx={{ mb: 1.5, minWidth: 200 }}
    >
      <MenuItem value="">{t('dataTable.sortNone')}</MenuItem>
      {sortable.flatMap((column) =>
        (['asc', 'desc'] as const).map((direction) => (
          <MenuItem key={`${column.field} ${direction}`} value={`${column.field} ${direction}`}>
            {`${column.headerName ?? column.field} ${direction === 'asc' ? '↑' : '↓'}`}
          </MenuItem>
        )),
      )}
    </TextField>
  );
}

/**
 * The table below the small breakpoint (issue 14 item 21): one card per row with each column's label and value,
 * the row's actions as buttons under it, then the same server paging as the grid. Nothing scrolls sideways.
 */
export function DataTableCards({
  table,
  columns,
  actionsOf,
  label,
}: {
  table: DataTableController;
  columns: readonly GridColDef<Row>[];
  actionsOf: ((row: Row) => ShownAction[]) | null;
  label: string;
}) {
  const { t } = useTranslation('application');
  const { filters } = table.state;
  const { rows, loading, pageIndex, rowCount } = useShownPage(table);
  return (
    <Box>
      <CardSort table={table} columns={columns} />
      {loading && <LinearProgress aria-label={t('dataTable.loading')} />}
      {/* A screen's height while the first page loads, so the paging below does not jump when the cards come. */}
      {loading && rows.length === 0 && <Box aria-hidden sx={{ minHeight: '100vh' }} />}
      {/*
        The first rows fill a phone's screen and come in the page's first commit; the rest follow a task later,
        below the fold, so the page answers a tap meanwhile (TBT of the Users table, issue 31 §1). Started anew
        when the first rows come, so they are the ones split.
      */}
      <StagedReveal key={rows.length === 0 ? 'empty' : 'rows'} stages={2}>
        <RowCardList label={label}>
          {rows.map((row, index) => (
            <Stage key={rowIdOf(row)} at={index < FIRST_CARDS ? 1 : 2}>
              <RowCard
                fields={columns.map((column) => ({
                  label: column.headerName ?? column.field,
                  value: cellOf(column, row),
                }))}
                actions={actionsOf === null ? undefined : <CardActionButtons actions={actionsOf(row)} />}
              />
            </Stage>
          ))}
        </RowCardList>
      </StagedReveal>
      {!loading && rows.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {filters.length > 0 ? t('dataTable.emptyFiltered') : t('dataTable.empty')}
        </Typography>
      )}
      <Suspense fallback={<Box sx={{ minHeight: PAGINATION_HEIGHT }} />}>
        <CardPagination table={table} pageIndex={pageIndex} rowCount={rowCount} />
      </Suspense>
    </Box>
  );
}
