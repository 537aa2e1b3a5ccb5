import type {
  AccessPointName,
  AttributeDef,
  ExportFormat,
  FilterKind,
  TransferName,
} from '@parkhere/contract';
import { transferTypes } from '@parkhere/contract';
import { type ReactElement, useEffect, useMemo, useState } from 'react';
import { exportList, type ListSource, type Row, type WireFilter } from '../../api/model.ts';
import { attributesOf, type ColumnSpec, maskOf, type RowOf, relationOf } from './columns.tsx';
import type { FilterEntry, FilterKinds, SortEntry } from './filterModel.ts';
import { rowCountOf } from './keysetPaging.ts';
import { DEFAULT_TABLE_STATE, loadTableState, saveTableState, type TableState } from './tableState.ts';
import { useFilterDialog } from './useFilterDialog.ts';
import { useRelationOptions } from './useRelationOptions.ts';
import { useRowEditing } from './useRowEditing.ts';
import { useTablePage } from './useTablePage.ts';

/** An action of a row beyond view, edit and delete (SPEC §9 "transfer actions"). */
export type TransferAction = {
  key: string;
  label: string;
  icon: ReactElement;
  onClick(row: Row): void;
  hidden?(row: Row): boolean;
  /** Shown but not usable for this row: the row's actions keep their places, unlike a hidden one. */
  disabled?(row: Row): boolean;
};

export type DataTableProps<N extends TransferName = TransferName> = {
  /** Names the table in local storage; one per screen. */
  tableId: string;
  /** The transfer type of the rows: it drives the columns, filters, sort and inline edit. */
  type: N;
  source: ListSource;
  /** Attributes or to-one relations of the type: a column that names neither does not compile. */
  columns: readonly ColumnSpec<RowOf<N>>[];
  title?: string;
  /** Defaults to the columns' attributes. */
  mask?: string;
  /** Attributes the filter dialog offers besides the columns' (a text searched but not shown: the audit log's). */
  filterOnly?: readonly string[];
  /** What the Export button's file holds when more than the columns (the audit log's images): a mask. */
  exportMask?: string;
  /**
   * New rows are created inline: through this access point's `~create`, or with `'relation'` through the
   * listed relation's `~update/{relation}/~create` on its owner (a garage's slots).
   */
  createIn?: AccessPointName | 'relation';
  /** Inline edit through `~update`; defaults to whether the type is updatable. */
  editable?: boolean;
  /** Delete behind the confirm dialog; defaults to whether the type is deletable. */
  deletable?: boolean;
  /**
   * Rows shown here are neither edited nor deleted here, whatever the type allows elsewhere: a record of what
   * happened (a draw and its entries, a day's waitlist) or another screen's rows (a user's cars and reservations).
   */
  readOnly?: boolean;
  onView?(row: Row): void;
  transferActions?: readonly TransferAction[];
  /** Ask for `X-Judo-Count` so the footer shows a total. */
  countRecords?: boolean;
  defaultSort?: SortEntry;
  /**
   * Filters the page sets rather than the user (the day of the waitlist): sent with every page, AND-ed with the
   * user's own, and not remembered with the table's state.
   */
  fixedFilters?: Readonly<Record<string, WireFilter[]>>;
};

function filterKindsOf(attributes: Readonly<Record<string, AttributeDef>>): FilterKinds {
  const result: Record<string, FilterKind> = {};
  for (const [name, attribute] of Object.entries(attributes)) {
    if (attribute.filter !== undefined) {
      result[name] = attribute.filter;
    }
  }
  return result;
}

/**
 * The headless controller of the data table (SPEC §4, §7, §9), after react-admin's list controller: the
 * remembered table state, the page read through the query cache with keyset paging, server sort, filters and
 * inline editing. The view only reads what it returns.
 */
export function useDataTable<N extends TransferName>(props: DataTableProps<N>) {
  const definition = transferTypes[props.type];
  const editable = !props.readOnly && (props.editable ?? definition.updatable);
  const deletable = !props.readOnly && (props.deletable ?? definition.deletable);
  const editsRows = editable || props.createIn !== undefined;
  const attributes = attributesOf(props.type);
  const kinds = useMemo(() => filterKindsOf(attributes), [attributes]);
  // The view checks the columns against the type; the controller reads their fields as attribute names.
  const columns: readonly ColumnSpec<Row>[] = props.columns.map((column) => ({
    ...column,
    field: column.field,
  }));
  const fields = columns.map((column) => column.field);
  const relationFields = fields.filter((field) => relationOf(props.type, field)?.cardinality === 'one');
  const mask = props.mask ?? maskOf(props.type, props.columns);

  const [state, setState] = useState<TableState>(() =>
    loadTableState(window.localStorage, props.tableId, kinds, {
      ...DEFAULT_TABLE_STATE,
      sort: props.defaultSort ?? null,
    }),
  );
  useEffect(() => saveTableState(window.localStorage, props.tableId, state), [props.tableId, state]);

  const tablePage = useTablePage({
    type: props.type,
    source: props.source,
    mask,
    state,
    kinds,
    attributeNames: Object.keys(attributes),
    countRecords: props.countRecords === true,
    fixedFilters: props.fixedFilters,
  });
  const editing = useRowEditing({
    type: props.type,
    source: props.source,
    mask,
    columns,
    attributes,
    fields,
    relationFields,
    createIn: props.createIn,
    patchRow: tablePage.patchRow,
    firstPage: tablePage.firstPage,
    pageReadAt: tablePage.readAt,
  });
  const relationOptions = useRelationOptions(props.type, columns, relationFields, editsRows);

  /** A new query (filters, sort, page size) starts from the first page, without the old rows' errors. */
  const changeQuery = (patch: Partial<TableState>) => {
    const next = { ...state, ...patch };
    if (JSON.stringify(next) === JSON.stringify(state)) {
      return;
    }
    editing.clearErrors();
    setState(next);
  };
  const setFilters = (filters: FilterEntry[]) => changeQuery({ filters });
  const filterDialog = useFilterDialog(state.filters, kinds, setFilters);

  const { page, pageIndex } = tablePage;
  const rows = useMemo(() => [...editing.drafts, ...page.rows], [editing.drafts, page.rows]);

  return {
    type: props.type,
    attributes,
    kinds,
    editable,
    deletable,
    editsRows,
    state,
    rows,
    loading: tablePage.loading,
    failed: tablePage.failed,
    refresh: tablePage.refresh,
    pageIndex,
    /** The footer's count; -1 while another page follows and the total is unknown. */
    rowCount: rowCountOf({
      rows: page.rows.length,
      hasNext: page.hasNext,
      pageIndex,
      pageSize: state.pageSize,
      total: tablePage.total,
    }),
    changePage(next: { page: number; pageSize: number }) {
      if (next.pageSize !== state.pageSize) {
        changeQuery({ pageSize: next.pageSize });
        return;
      }
      if (next.page !== pageIndex) {
        tablePage.moveTo(next.page, page.rows);
      }
    },
    sortBy: (sort: SortEntry | null) => changeQuery({ sort }),
    removeFilter: (id: string) => setFilters(state.filters.filter((entry) => entry.id !== id)),
    /** Saves every row of the table's filters and sort, its columns, as a file (the list's `~export`). */
    exportAs: (format: ExportFormat) =>
      exportList(
        props.source,
        { ...tablePage.wholeQuery(), ...(props.exportMask === undefined ? {} : { _mask: props.exportMask }) },
        format,
      ),
    filterDialog,
    relationOptions,
    ...editing,
  };
}

export type DataTableController = ReturnType<typeof useDataTable>;
