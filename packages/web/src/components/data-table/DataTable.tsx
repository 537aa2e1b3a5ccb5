import AddIcon from '@mui/icons-material/Add';
import CancelOutlinedIcon from '@mui/icons-material/CancelOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import FilterListIcon from '@mui/icons-material/FilterList';
import RefreshIcon from '@mui/icons-material/Refresh';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  DataGrid,
  GridActionsCellItem,
  type GridColDef,
  type GridPaginationModel,
  GridRowModes,
  type GridRowModesModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { enUS, huHU } from '@mui/x-data-grid/locales';
import type { AccessPointName, TransferName, ValidationErrorItem } from '@parkhere/contract';
import { transferTypes } from '@parkhere/contract';
import { type ReactElement, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  create,
  createInRelation,
  type ListSource,
  list,
  type Row,
  range,
  remove,
  setRelation,
  template,
  update,
} from '../../api/model.ts';
import { FilterSideDialog, useDialogs } from '../../feedback/dialogs.tsx';
import { toast } from '../../feedback/toast.ts';
import { useValidationText } from '../../feedback/validationText.tsx';
import { uploadFile } from '../files/fileTransfer.ts';
import { useInlineViewer } from '../files/InlineViewer.tsx';
import { attributesOf, type ColumnSpec, columnsOf, maskOf, relationOf } from './columns.tsx';
import { FileCell } from './FileCell.tsx';
import { type FilterField, FilterFields } from './FilterFields.tsx';
import {
  type FilterEntry,
  type FilterKinds,
  filterProblem,
  type SortEntry,
  toQueryCustomizer,
} from './filterModel.ts';
import {
  directionOf,
  EMPTY_PAGE,
  type Page,
  type PageDirection,
  pageFrom,
  rowCountOf,
  seekFor,
} from './keysetPaging.ts';
import { placeActions } from './rowActions.ts';
import { type CellErrors, cellMessage, mapErrors } from './rowErrors.ts';
import {
  DEFAULT_TABLE_STATE,
  loadTableState,
  pageSizeOptions,
  saveTableState,
  type TableState,
} from './tableState.ts';

/** An action of a row beyond view, edit and delete (SPEC §9 "transfer actions"). */
export type TransferAction = {
  key: string;
  label: string;
  icon: ReactElement;
  onClick(row: Row): void;
  hidden?(row: Row): boolean;
};

export type DataTableProps = {
  /** Names the table in local storage; one per screen. */
  tableId: string;
  /** The transfer type of the rows: it drives the columns, filters, sort and inline edit. */
  type: TransferName;
  source: ListSource;
  columns: readonly ColumnSpec[];
  title?: string;
  /** Defaults to the columns' attributes. */
  mask?: string;
  /**
   * New rows are created inline: through this access point's `~create`, or with `'relation'` through the
   * listed relation's `~update/{relation}/~create` on its owner (a garage's slots).
   */
  createIn?: AccessPointName | 'relation';
  /** Inline edit through `~update`; defaults to whether the type is updatable. */
  editable?: boolean;
  /** Delete behind the confirm dialog; defaults to whether the type is deletable. */
  deletable?: boolean;
  onView?(row: Row): void;
  transferActions?: readonly TransferAction[];
  /** Ask for `X-Judo-Count` so the footer shows a total. */
  countRecords?: boolean;
  defaultSort?: SortEntry;
};

const DRAFT_PREFIX = 'draft:';
const isDraft = (row: Row): boolean => row.__identifier?.startsWith(DRAFT_PREFIX) === true;
const rowIdOf = (row: Row): string => row.__identifier ?? row.__signedIdentifier ?? '';

/** SPEC §3: a draft's temporary identifier is never sent to the server. */
function withoutDraftIdentity(row: Row): Row {
  const { __identifier: _identifier, ...rest } = row;
  return rest;
}

type Anchor = { direction: PageDirection; shown: Row[] };

let draftCounter = 0;

/**
 * The one server-driven table behind every table screen (SPEC §4, §7, §9): columns from the contract's
 * description of the type, server sort, the filter side dialog, keyset paging, inline edit with errors on
 * the cells, row actions and delete behind a confirm dialog.
 */
export default function DataTable(props: DataTableProps) {
  const { t, i18n } = useTranslation('application');
  const validationText = useValidationText();
  const dialogs = useDialogs();
  const definition = transferTypes[props.type];
  const editable = props.editable ?? definition.updatable;
  const deletable = props.deletable ?? definition.deletable;
  const attributes = attributesOf(props.type);
  const attributeNames = useMemo(() => Object.keys(attributes), [attributes]);
  const fields = useMemo(() => props.columns.map((column) => column.field), [props.columns]);
  const mask = props.mask ?? maskOf(props.type, props.columns);
  const relationFields = useMemo(
    () => fields.filter((field) => relationOf(props.type, field)?.cardinality === 'one'),
    [fields, props.type],
  );
  const relationKey = relationFields.join(',');
  const [relationOptions, setRelationOptions] = useState<Record<string, Row[]>>({});

  const kinds = useMemo<FilterKinds>(() => {
    const result: Record<string, NonNullable<(typeof attributes)[string]['filter']>> = {};
    for (const [name, attribute] of Object.entries(attributes)) {
      if (attribute.filter !== undefined) {
        result[name] = attribute.filter;
      }
    }
    return result;
  }, [attributes]);

  const [state, setState] = useState<TableState>(() =>
    loadTableState(window.localStorage, props.tableId, kinds, {
      ...DEFAULT_TABLE_STATE,
      sort: props.defaultSort ?? null,
    }),
  );
  const [page, setPage] = useState<Page>(EMPTY_PAGE);
  const [pageIndex, setPageIndex] = useState(0);
  const [anchor, setAnchor] = useState<Anchor>({ direction: 'first', shown: [] });
  const [total, setTotal] = useState<number | null>(null);
  const [loading, setLoading] = useState(true);
  const [loadFailed, setLoadFailed] = useState(false);
  const [rowModes, setRowModes] = useState<GridRowModesModel>({});
  const [rowErrors, setRowErrors] = useState<Record<string, CellErrors>>({});
  const [tableErrors, setTableErrors] = useState<ValidationErrorItem[]>([]);
  const [filterOpen, setFilterOpen] = useState(false);
  const [draftFilters, setDraftFilters] = useState<FilterEntry[]>([]);
  const [showProblems, setShowProblems] = useState(false);
  const inline = useInlineViewer();
  const request = useRef(0);
  // Pages pass their source as a literal; its value, not its identity, decides when to reload.
  const sourceKey = JSON.stringify(props.source);
  // biome-ignore lint/correctness/useExhaustiveDependencies: sourceKey stands for props.source by value
  const source = useMemo(() => props.source, [sourceKey]);

  useEffect(() => saveTableState(window.localStorage, props.tableId, state), [props.tableId, state]);

  const load = useCallback(
    async (next: Anchor, fromIndex: number) => {
      const sequence = ++request.current;
      setLoading(true);
      const query = toQueryCustomizer(
        {
          mask,
          filters: state.filters,
          sort: state.sort,
          seek: seekFor(next.direction, state.pageSize, next.shown, attributeNames),
        },
        kinds,
      );
      try {
        const result = await list(source, query, { countRecords: props.countRecords === true });
        if (sequence !== request.current) {
          return;
        }
        const made = pageFrom(next.direction, state.pageSize, result.items);
        if (made === 'reload') {
          await load({ direction: 'first', shown: [] }, 0);
          return;
        }
        setPage(made);
        setAnchor(next);
        setTotal(result.total);
        setLoadFailed(false);
        setPageIndex(
          next.direction === 'first'
            ? 0
            : next.direction === 'next'
              ? fromIndex + 1
              : made.hasPrevious
                ? fromIndex - 1
                : 0,
        );
      } catch {
        if (sequence === request.current) {
          setLoadFailed(true);
          setPage(EMPTY_PAGE);
        }
      } finally {
        if (sequence === request.current) {
          setLoading(false);
        }
      }
    },
    [mask, state.filters, state.sort, state.pageSize, attributeNames, kinds, source, props.countRecords],
  );

  // A new query (filters, sort, size, source) starts again from the first page.
  const loadedWith = useRef<typeof load | undefined>(undefined);
  useEffect(() => {
    // Effects re-run without a new query when React reconnects them (strict mode, a re-shown boundary).
    if (loadedWith.current === load) {
      return;
    }
    loadedWith.current = load;
    setRowErrors({});
    setTableErrors([]);
    void load({ direction: 'first', shown: [] }, 0);
  }, [load]);

  // The candidates of the relation columns, for the inline pickers; a draft owner sees every candidate.
  // biome-ignore lint/correctness/useExhaustiveDependencies: relationKey stands for relationFields by value
  useEffect(() => {
    const editingRows = editable || props.createIn !== undefined;
    if (!editingRows) {
      return;
    }
    for (const field of relationFields) {
      const label = props.columns.find((column) => column.field === field)?.relationLabel ?? 'name';
      void range(props.type, field, null, { _mask: `{${label}}` }, { handleErrors: false })
        .then((options) => setRelationOptions((current) => ({ ...current, [field]: options })))
        .catch(() => {
          // Without candidates the picker is empty; saving then reports the missing value on the cell.
        });
    }
  }, [relationKey, props.type]);

  /** Loads the page shown now again (after a save or delete). */
  const reload = useCallback(() => {
    if (anchor.direction === 'first' || pageIndex === 0) {
      void load({ direction: 'first', shown: [] }, 0);
      return;
    }
    // The anchor rows produced the page shown; moving from them again from the index before lands here.
    void load(anchor, anchor.direction === 'next' ? pageIndex - 1 : pageIndex + 1);
  }, [anchor, pageIndex, load]);

  const updateState = (patch: Partial<TableState>) => setState((current) => ({ ...current, ...patch }));

  const onPaginationModelChange = (model: GridPaginationModel) => {
    if (model.pageSize !== state.pageSize) {
      updateState({ pageSize: model.pageSize });
      return;
    }
    if (model.page === pageIndex) {
      return;
    }
    const direction = directionOf(pageIndex, model.page);
    void load({ direction, shown: page.rows.filter((row) => !isDraft(row)) }, pageIndex);
  };

  const onSortModelChange = (model: GridSortModel) => {
    const first = model[0];
    const sort = first?.sort ? { attribute: first.field, descending: first.sort === 'desc' } : null;
    // The grid echoes the model it was given; only a real change is a new query.
    if (JSON.stringify(sort) !== JSON.stringify(state.sort)) {
      updateState({ sort });
    }
  };

  const cellError = useCallback(
    (rowId: string, field: string) => {
      const codes = rowErrors[rowId]?.[field];
      return codes === undefined || codes.length === 0 ? undefined : cellMessage(codes, validationText);
    },
    [rowErrors, validationText],
  );

  const clearRowErrors = (rowId: string) =>
    setRowErrors((current) => {
      const { [rowId]: _removed, ...rest } = current;
      return rest;
    });

  const startEdit = (rowId: string) => {
    setRowModes((current) => ({ ...current, [rowId]: { mode: GridRowModes.Edit } }));
  };

  const save = (rowId: string) => {
    setRowModes((current) => ({ ...current, [rowId]: { mode: GridRowModes.View } }));
  };

  const cancel = (row: Row) => {
    const rowId = rowIdOf(row);
    clearRowErrors(rowId);
    setTableErrors([]);
    setRowModes((current) => ({
      ...current,
      [rowId]: { mode: GridRowModes.View, ignoreModifications: true },
    }));
    if (isDraft(row)) {
      // An unsaved new row disappears on cancel.
      setPage((current) => ({
        ...current,
        rows: current.rows.filter((candidate) => rowIdOf(candidate) !== rowId),
      }));
    }
  };

  const addRow = async () => {
    if (props.createIn === undefined) {
      return;
    }
    const fresh = await template(props.type);
    draftCounter += 1;
    const draft: Row = { ...fresh, __identifier: `${DRAFT_PREFIX}${draftCounter}` };
    const rowId = rowIdOf(draft);
    setPage((current) => ({ ...current, rows: [draft, ...current.rows] }));
    const firstEditable = props.columns.find(
      (column) => column.editable ?? !attributes[column.field]?.readOnly,
    );
    setRowModes((current) => ({
      ...current,
      [rowId]: {
        mode: GridRowModes.Edit,
        ...(firstEditable === undefined ? {} : { fieldToFocus: firstEditable.field }),
      },
    }));
  };

  const createRow = async (target: AccessPointName | 'relation', row: Row): Promise<void> => {
    if (target !== 'relation') {
      await create(target, row);
      return;
    }
    if (source.kind !== 'relation') {
      throw new Error('createIn="relation" needs a relation source');
    }
    await createInRelation(source.type, source.relation, { __signedIdentifier: source.owner }, row);
  };

  const processRowUpdate = async (next: Row, previous: Row): Promise<Row> => {
    const rowId = rowIdOf(next);
    try {
      if (isDraft(next)) {
        if (props.createIn === undefined) {
          return previous;
        }
        await createRow(props.createIn, withoutDraftIdentity(next));
        clearRowErrors(rowId);
        setTableErrors([]);
        toast.success(t('dataTable.saved'));
        // The new row takes its place in the server's order.
        setTimeout(() => void load({ direction: 'first', shown: [] }, 0), 0);
        return next;
      }
      const changed = fields.filter(
        (field) => attributes[field]?.readOnly === false && next[field] !== previous[field],
      );
      const relinked = relationFields.filter((field) => next[field] !== previous[field]);
      if (changed.length === 0 && relinked.length === 0) {
        return previous;
      }
      let saved: Row = changed.length === 0 ? next : await update(props.type, next, changed);
      for (const field of relinked) {
        const target = next[field];
        if (typeof target === 'object' && target !== null && !Array.isArray(target)) {
          await setRelation(props.type, field, saved, target as Row);
        }
      }
      if (relinked.length > 0) {
        // The relation changed the row's derived values (aggregaredName names the garage).
        saved = {
          ...saved,
          ...(await list(source, { _mask: mask, _identifier: saved.__signedIdentifier })).items[0],
        };
      }
      clearRowErrors(rowId);
      setTableErrors([]);
      toast.success(t('dataTable.saved'));
      return { ...next, ...saved };
    } catch (error) {
      const mapped = mapErrors(error, fields);
      setRowErrors((current) => ({ ...current, [rowId]: mapped.cells }));
      setTableErrors(mapped.table);
      throw error;
    }
  };

  /** A new file for a saved row: uploaded through the token flow, then written by `~update` of that field. */
  const uploadToRow = async (row: Row, field: string, file: File) => {
    const rowId = rowIdOf(row);
    try {
      const stored = await uploadFile(props.type, field, row, file);
      if (stored === undefined) {
        toast.error(t('adminViews.file.uploadFailed'));
        return;
      }
      const saved = await update(
        props.type,
        { __signedIdentifier: row.__signedIdentifier, __version: row.__version, [field]: stored.token },
        [field],
      );
      setPage((current) => ({
        ...current,
        rows: current.rows.map((candidate) =>
          rowIdOf(candidate) === rowId ? { ...candidate, ...saved } : candidate,
        ),
      }));
      clearRowErrors(rowId);
      toast.success(t('dataTable.saved'));
    } catch (error) {
      // The error pipeline has told the user; a field error also marks the cell.
      setRowErrors((current) => ({ ...current, [rowId]: mapErrors(error, fields).cells }));
    }
  };

  const deleteRow = async (row: Row) => {
    const confirmed = await dialogs.confirm({ message: t('dataTable.confirmDelete') });
    if (!confirmed) {
      return;
    }
    try {
      await remove(props.type, row);
      toast.success(t('dataTable.deleted'));
      reload();
    } catch {
      // The error pipeline has told the user.
    }
  };

  const columnContext = {
    type: props.type,
    header: (field: string) => t(`attribute.${field}`, { defaultValue: field }),
    enumLabel: (enumeration: string, value: string) =>
      t(`enumeration.${enumeration}.${value}`, { defaultValue: value }),
    cellError,
    relationOptions: (field: string) => relationOptions[field] ?? [],
    booleanLabel: (value: 'true' | 'false' | 'unknown') => t(`dataTable.trinary.${value}`),
    editing: editable || props.createIn !== undefined,
    fileCell: (row: Row, field: string) => {
      const rowId = rowIdOf(row);
      return (
        <FileCell
          token={row[field]}
          label={t(`attribute.${field}`, { defaultValue: field })}
          canUpload={
            editable &&
            !isDraft(row) &&
            row.__updateable !== false &&
            rowModes[rowId]?.mode !== GridRowModes.Edit
          }
          onView={(token) => void inline.view(token)}
          onUpload={(file) => uploadToRow(row, field, file)}
        />
      );
    },
  };
  const dataColumns = columnsOf(props.columns, columnContext);

  const actionsColumn: GridColDef<Row> = {
    field: '__actions',
    type: 'actions',
    headerName: t('dataTable.actions'),
    minWidth: 120,
    getActions: ({ row }) => {
      const rowId = rowIdOf(row);
      if (rowModes[rowId]?.mode === GridRowModes.Edit) {
        return [
          <GridActionsCellItem
            key="save"
            icon={<SaveOutlinedIcon />}
            label={t('dataTable.save')}
            color="primary"
            onClick={() => save(rowId)}
          />,
          <GridActionsCellItem
            key="cancel"
            icon={<CancelOutlinedIcon />}
            label={t('dataTable.cancel')}
            onClick={() => cancel(row)}
          />,
        ];
      }
      const all = placeActions([
        ...(props.onView ? [{ key: 'view', group: 'crud' as const }] : []),
        ...(editable && row.__updateable !== false ? [{ key: 'edit', group: 'crud' as const }] : []),
        ...(deletable && row.__deleteable !== false ? [{ key: 'delete', group: 'crud' as const }] : []),
        ...(props.transferActions ?? [])
          .filter((action) => action.hidden?.(row) !== true)
          .map((action) => ({ key: action.key, group: 'transfer' as const })),
      ]);
      return all.map((action) => {
        const transfer = props.transferActions?.find((candidate) => candidate.key === action.key);
        const { icon, label, onClick } = ((): { icon: ReactElement; label: string; onClick(): void } => {
          switch (action.key) {
            case 'view':
              return {
                icon: <VisibilityOutlinedIcon />,
                label: t('dataTable.view'),
                onClick: () => props.onView?.(row),
              };
            case 'edit':
              return {
                icon: <EditOutlinedIcon />,
                label: t('dataTable.edit'),
                onClick: () => startEdit(rowId),
              };
            case 'delete':
              return {
                icon: <DeleteOutlineIcon />,
                label: t('dataTable.delete'),
                onClick: () => void deleteRow(row),
              };
            default:
              return {
                icon: transfer?.icon ?? <VisibilityOutlinedIcon />,
                label: transfer?.label ?? action.key,
                onClick: () => transfer?.onClick(row),
              };
          }
        })();
        return action.inMenu ? (
          <GridActionsCellItem key={action.key} icon={icon} label={label} onClick={onClick} showInMenu />
        ) : (
          <GridActionsCellItem key={action.key} icon={icon} label={label} onClick={onClick} />
        );
      });
    },
  };
  const hasActions =
    props.onView !== undefined || editable || deletable || (props.transferActions ?? []).length > 0;
  const gridColumns = hasActions ? [...dataColumns, actionsColumn] : dataColumns;

  const filterFields: FilterField[] = props.columns.flatMap((column) => {
    const attribute = attributes[column.field];
    const kind = kinds[column.field];
    if (attribute === undefined || kind === undefined) {
      return [];
    }
    const enumeration = attribute.enumeration;
    return [
      {
        field: column.field,
        label: columnContext.header(column.field),
        kind,
        values: (enumeration?.values ?? []).map((value) => ({
          value,
          label: columnContext.enumLabel(enumeration?.name ?? '', value),
        })),
      },
    ];
  });

  const openFilters = () => {
    setDraftFilters(state.filters);
    setShowProblems(false);
    setFilterOpen(true);
  };

  const applyFilters = () => {
    const invalid = draftFilters.some((entry) => {
      const kind = kinds[entry.attribute];
      return kind !== undefined && filterProblem(entry, kind) !== null;
    });
    if (invalid) {
      setShowProblems(true);
      return;
    }
    updateState({ filters: draftFilters });
    setFilterOpen(false);
  };

  /** Complete filters apply while the dialog is open (text inputs arrive debounced); Apply checks them all. */
  const changeFilters = (next: FilterEntry[]) => {
    setDraftFilters(next);
    const complete = next.filter((entry) => {
      const kind = kinds[entry.attribute];
      return kind !== undefined && filterProblem(entry, kind) === null;
    });
    setState((current) =>
      JSON.stringify(current.filters) === JSON.stringify(complete)
        ? current
        : { ...current, filters: complete },
    );
  };

  const filterLabel = (entry: FilterEntry): string => {
    const valueText = entry.value === '' ? '' : ` ${entry.value}`;
    return `${columnContext.header(entry.attribute)} ${t(`dataTable.operator.${entry.operator}`)}${valueText}`;
  };

  const localeText = (i18n.language === 'hu-HU' ? huHU : enUS).components.MuiDataGrid.defaultProps.localeText;
  const sortModel = useMemo<GridSortModel>(
    () =>
      state.sort === null
        ? []
        : [{ field: state.sort.attribute, sort: state.sort.descending ? 'desc' : 'asc' }],
    [state.sort],
  );
  const paginationModel = useMemo(
    () => ({ page: pageIndex, pageSize: state.pageSize }),
    [pageIndex, state.pageSize],
  );
  const rowCount = rowCountOf({
    rows: page.rows.filter((row) => !isDraft(row)).length,
    hasNext: page.hasNext,
    pageIndex,
    pageSize: state.pageSize,
    total,
  });
  // Only an unknown count needs the grid to know a next page exists. Told `hasNextPage: false`, the grid
  // works a count out itself from the rows and page index it holds at that moment (the previous page's),
  // and may then move back to page 0 on its own.
  const paginationMeta = useMemo(() => (rowCount === -1 ? { hasNextPage: true } : {}), [rowCount]);

  const emptyText = state.filters.length > 0 ? t('dataTable.emptyFiltered') : t('dataTable.empty');

  return (
    <Stack spacing={2} data-testid={`data-table-${props.tableId}`}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        {props.title !== undefined && (
          <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
            {props.title}
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 1, ml: 'auto' }}>
          <Tooltip title={t('dataTable.refresh')}>
            <IconButton aria-label={t('dataTable.refresh')} onClick={reload}>
              <RefreshIcon />
            </IconButton>
          </Tooltip>
          <Button
            variant="outlined"
            onClick={openFilters}
            startIcon={
              <Badge badgeContent={state.filters.length} color="primary">
                <FilterListIcon />
              </Badge>
            }
          >
            {t('dataTable.filters')}
          </Button>
          {props.createIn !== undefined && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => void addRow()}>
              {t('dataTable.add')}
            </Button>
          )}
        </Box>
      </Box>
      {state.filters.length > 0 && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} aria-label={t('dataTable.activeFilters')}>
          {state.filters.map((entry) => (
            <Chip
              key={entry.id}
              size="small"
              label={filterLabel(entry)}
              onClick={openFilters}
              onDelete={() =>
                updateState({ filters: state.filters.filter((candidate) => candidate.id !== entry.id) })
              }
            />
          ))}
        </Box>
      )}
      {loadFailed && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={reload}>
              {t('dataTable.retry')}
            </Button>
          }
        >
          {t('dataTable.loadFailed')}
        </Alert>
      )}
      <DataGrid<Row>
        rows={page.rows}
        columns={gridColumns}
        getRowId={rowIdOf}
        loading={loading}
        localeText={{ ...localeText, noRowsLabel: emptyText }}
        density="standard"
        autoHeight
        disableColumnFilter
        disableColumnSelector
        disableRowSelectionOnClick
        sortingMode="server"
        sortingOrder={['asc', 'desc', null]}
        sortModel={sortModel}
        onSortModelChange={onSortModelChange}
        filterMode="server"
        paginationMode="server"
        paginationModel={paginationModel}
        onPaginationModelChange={onPaginationModelChange}
        pageSizeOptions={pageSizeOptions(state.pageSize)}
        rowCount={rowCount}
        paginationMeta={paginationMeta}
        editMode="row"
        rowModesModel={rowModes}
        onRowModesModelChange={setRowModes}
        processRowUpdate={processRowUpdate}
        onProcessRowUpdateError={() => {
          // Shown already: the toast of the error pipeline and the tooltips on the row's cells.
        }}
        sx={{
          '& .data-table-cell--error': {
            outline: (theme) => `1px solid ${theme.palette.error.main}`,
            outlineOffset: '-1px',
          },
        }}
      />
      {tableErrors.length > 0 && (
        <Box
          role="alert"
          data-testid="table-errors"
          sx={{ border: 1, borderColor: 'error.main', borderRadius: 1, p: 2, color: 'error.main' }}
        >
          {tableErrors.map((item) => (
            <Typography key={`${item.location}-${item.code}`} variant="body2">
              {item.location === '' ? '' : `${columnContext.header(item.location)}: `}
              {validationText(item.code)}
            </Typography>
          ))}
        </Box>
      )}
      {inline.viewer}
      <FilterSideDialog
        open={filterOpen}
        title={t('dataTable.filterTitle', { title: props.title ?? '' })}
        onApply={applyFilters}
        onClear={() => {
          setDraftFilters([]);
          updateState({ filters: [] });
        }}
        onClose={() => setFilterOpen(false)}
      >
        <FilterFields
          fields={filterFields}
          entries={draftFilters}
          showProblems={showProblems}
          onChange={changeFilters}
        />
      </FilterSideDialog>
    </Stack>
  );
}
