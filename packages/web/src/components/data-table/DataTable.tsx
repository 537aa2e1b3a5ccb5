import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TransferName } from '@parkhere/contract';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSideDialog } from '../../feedback/dialogs.tsx';
import { useValidationText } from '../../feedback/validationText.tsx';
import { useDateFormat } from '../../i18n/dateLocale.ts';
import { useInlineViewer } from '../files/InlineViewer.tsx';
import { Stage, StagedReveal } from '../layout/StagedReveal.tsx';
import { actionsColumn, type RowActionsInput, rowActionsOf } from './actionsColumn.tsx';
import { type ColumnContext, columnsOf } from './columns.tsx';
import { DataTableCards } from './DataTableCards.tsx';
import { DataTableToolbar } from './DataTableToolbar.tsx';
import { isDraft, rowIdOf } from './drafts.ts';
import { FileCell } from './FileCell.tsx';
import { type FilterField, FilterFields } from './FilterFields.tsx';
import { enumerationValuesOf } from './filterModel.ts';
import { loadDataTableGrid } from './gridPart.ts';
import { usePhoneWidth } from './phoneWidth.ts';
import { cellMessage } from './rowErrors.ts';
import { type DataTableProps, useDataTable } from './useDataTable.ts';

export type { DataTableProps, TransferAction } from './useDataTable.ts';

// The MUI data grid, the largest part of a table page, loads only where it shows: not on a phone, whose rows
// are cards until one is edited (issue 31 §1: the admin tables open fast on a phone).
const DataTableGrid = lazy(() => loadDataTableGrid().then((module) => ({ default: module.DataTableGrid })));

/**
 * The one server-driven table behind every table screen (SPEC §4, §7, §9): columns from the contract's
 * description of the type, server sort, the filter side dialog, keyset paging, inline edit with errors on
 * the cells, row actions and delete behind a confirm dialog. `useDataTable` holds all of it; this is its view.
 */
export default function DataTable<N extends TransferName>(props: DataTableProps<N>) {
  const { t } = useTranslation('application');
  const validationText = useValidationText();
  const format = useDateFormat();
  const inline = useInlineViewer();
  const table = useDataTable(props);
  const header = (field: string) => t(`attribute.${field}`, { defaultValue: field });
  const enumLabel = (enumeration: string, value: string) =>
    t(`enumeration.${enumeration}.${value}`, { defaultValue: value });

  const columnContext: ColumnContext<N> = {
    type: props.type,
    locale: format.locale,
    header,
    enumLabel,
    cellError: (rowId, field) => {
      const codes = table.rowErrors[rowId]?.[field];
      return codes === undefined || codes.length === 0 ? undefined : cellMessage(codes, validationText);
    },
    relationOptions: table.relationOptions,
    booleanLabel: (value) => t(`dataTable.trinary.${value}`),
    noneLabel: t('dataTable.none'),
    editing: table.editsRows,
    fileCell: (row, field) => (
      <FileCell
        token={row[field]}
        label={header(field)}
        canUpload={
          table.editable && !isDraft(row) && row.__updateable !== false && !table.isEditing(rowIdOf(row))
        }
        onView={(token) => void inline.view(token)}
        onUpload={(file) => table.uploadToRow(row, field, file)}
      />
    ),
  };
  const actionsInput: RowActionsInput = {
    table,
    onView: props.onView,
    transferActions: props.transferActions ?? [],
    t,
  };
  const actions = actionsColumn(actionsInput);
  const dataColumns = columnsOf(props.columns, columnContext);
  // Below the small breakpoint rows are cards (issue 14 item 21); a row being edited or added keeps the grid,
  // whose cells are the editors. The actions come first at every width (issue 31 §3): a table wider than the
  // screen (the users' flags at 1440 px) keeps a row's actions, and an edited row's Save and Cancel, in view.
  const phone = usePhoneWidth();
  const editing = table.rows.some((row) => table.isEditing(rowIdOf(row)));
  const gridColumns = actions === null ? dataColumns : [actions, ...dataColumns];

  const filtered = [...props.columns.map((column) => column.field), ...(props.filterOnly ?? [])];
  const filterFields: FilterField[] = filtered.flatMap((field) => {
    const attribute = table.attributes[field];
    const kind = table.kinds[field];
    if (attribute === undefined || kind === undefined) {
      return [];
    }
    const enumeration = attribute.enumeration;
    return [
      {
        field,
        label: header(field),
        kind,
        values: enumerationValuesOf(field, attribute).map((value) => ({
          value,
          label: enumLabel(enumeration?.name ?? '', value),
        })),
      },
    ];
  });

  return (
    <Stack spacing={2} data-testid={`data-table-${props.tableId}`}>
      {/*
        The toolbar comes in the table's first commit and the rows' part a task later: on a phone the page's
        first commit (title, toolbar, the cards' sort and paging, each a first use of its styles) was the admin
        Users table's longest task (TBT, issue 31 §1).
      */}
      <StagedReveal stages={2}>
        <DataTableToolbar
          table={table}
          title={props.title}
          canAdd={props.createIn !== undefined}
          header={header}
        />
        {table.failed && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={table.refresh}>
                {t('dataTable.retry')}
              </Button>
            }
          >
            {t('dataTable.loadFailed')}
          </Alert>
        )}
        <Stage at={2}>
          {phone && !editing ? (
            <DataTableCards
              table={table}
              columns={dataColumns}
              actionsOf={actions === null ? null : (row) => rowActionsOf(actionsInput, row)}
              label={props.title ?? t('dataTable.rows')}
            />
          ) : (
            <Suspense fallback={<LinearProgress aria-label={t('dataTable.loading')} />}>
              <DataTableGrid table={table} columns={gridColumns} label={props.title ?? t('dataTable.rows')} />
            </Suspense>
          )}
        </Stage>
      </StagedReveal>
      {table.tableErrors.length > 0 && (
        <Box
          role="alert"
          data-testid="table-errors"
          sx={{ border: 1, borderColor: 'error.main', borderRadius: 1, p: 2, color: 'error.main' }}
        >
          {table.tableErrors.map((item) => (
            <Typography key={`${item.location}-${item.code}`} variant="body2">
              {item.location === '' ? '' : `${header(item.location)}: `}
              {validationText(item.code)}
            </Typography>
          ))}
        </Box>
      )}
      {inline.viewer}
      <FilterSideDialog
        open={table.filterDialog.open}
        title={t('dataTable.filterTitle', { title: props.title ?? '' })}
        onApply={table.filterDialog.apply}
        onClear={table.filterDialog.clear}
        onClose={table.filterDialog.close}
      >
        <FilterFields
          fields={filterFields}
          entries={table.filterDialog.entries}
          showProblems={table.filterDialog.showProblems}
          onChange={table.filterDialog.change}
        />
      </FilterSideDialog>
    </Stack>
  );
}
