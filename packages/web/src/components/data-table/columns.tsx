import Tooltip from '@mui/material/Tooltip';
import type { GridColDef, GridRenderCellParams, GridRenderEditCellParams } from '@mui/x-data-grid';
import type {
  AttributeDef,
  EntityMetadata,
  Locale,
  RelationDef,
  TransferName,
  TransferOf,
  TransferTypes,
} from '@parkhere/contract';
import { formatDateTime, formatDay, transferTypes } from '@parkhere/contract';
import type { ReactElement, ReactNode } from 'react';
import type { Row } from '../../api/model.ts';
import { BooleanMark } from './BooleanMark.tsx';
import { columnMinWidth } from './columnWidth.ts';
import { editCell, NamedSelectCell } from './EditCells.tsx';
import { ServerSearchCell } from './ServerSearchCell.tsx';
import { parseWireDate, parseWireTimestamp, toWireDate, wireTimeLabel } from './wireValues.ts';

/** A row of `type` as the server sends it (its transfer type's wire shape). */
export type RowOf<N extends TransferName> = N extends unknown ? TransferOf<TransferTypes[N]> : never;

/** The attributes and relations of a row type, without the metadata every entity carries. */
export type FieldOf<T> = T extends unknown ? Exclude<keyof T & string, keyof EntityMetadata> : never;

/** A column of a table: an attribute of the listed type, optionally editable inline. */
export type ColumnSpec<T> = {
  /** An attribute, or a to-one relation of the listed type (then `relationLabel` names what it shows). */
  field: FieldOf<T>;
  /** The attribute of the related instance that names it in the cell and in the picker. */
  relationLabel?: string;
  /**
   * A to-one relation with too many candidates to load (every user): its picker asks the server for the first
   * few whose label contains what is typed (ServerSearchCell) instead of the table loading the whole range.
   */
  searchOnServer?: boolean;
  /** Defaults to whether the attribute is writable. */
  editable?: boolean;
  flex?: number;
  minWidth?: number;
};

export type ColumnContext<N extends TransferName = TransferName> = {
  type: N;
  /** The interface language: dates are written by the contract's date format in it. */
  locale: Locale;
  /** Header text of an attribute. */
  header(field: string): string;
  /** Label of an enumeration literal. */
  enumLabel(enumeration: string, value: string): string;
  /** The joined error message of a cell, or undefined. */
  cellError(rowId: string, field: string): string | undefined;
  /** Yes / No / Unknown. */
  booleanLabel(value: 'true' | 'false' | 'unknown'): string;
  /** The choice of a to-one relation that may be unset: none (a slot assigned to nobody, in no pool). */
  noneLabel: string;
  /** The candidates of a to-one relation column (its `~range`), loaded by the table. */
  relationOptions(field: string): readonly Row[];
  /** Whether the table edits rows at all. */
  editing: boolean;
  /** The cell of a file attribute (its token on the wire); without it the token would show as text. */
  fileCell?(row: Row, field: string): ReactNode;
};

export const attributesOf = (type: TransferName): Readonly<Record<string, AttributeDef>> =>
  transferTypes[type].attributes;

function withError(error: string | undefined, content: ReactNode): ReactElement {
  if (error === undefined) {
    return <>{content}</>;
  }
  return (
    <Tooltip title={error} arrow>
      <span className="data-table-cell-error" style={{ display: 'flex', width: '100%', height: '100%' }}>
        {content}
      </span>
    </Tooltip>
  );
}

function typed(attribute: AttributeDef, context: ColumnContext): Partial<GridColDef<Row>> {
  switch (attribute.type) {
    case 'boolean':
      return {
        type: 'boolean',
        renderCell: (params) => <BooleanMark value={params.value} label={context.booleanLabel} />,
      };
    case 'integer':
      return { type: 'number', headerAlign: 'left', align: 'left' };
    case 'enumeration': {
      const enumeration = attribute.enumeration;
      const label = (value: string) => context.enumLabel(enumeration?.name ?? '', value);
      return {
        type: 'singleSelect',
        valueOptions: (enumeration?.values ?? []).map((value) => ({ value, label: label(value) })),
        // The grid labels a singleSelect's value itself; a phone's card shows what the formatter says.
        valueFormatter: (value: unknown) => (typeof value === 'string' ? label(value) : ''),
      };
    }
    case 'date':
      return {
        type: 'date',
        valueGetter: (value: unknown) => (typeof value === 'string' ? parseWireDate(value) : null),
        valueSetter: (value: Date | null, row: Row, column: GridColDef<Row>) => ({
          ...row,
          [column.field]: value === null ? null : toWireDate(value),
        }),
        // The grid's own formatter writes the browser's format (`11/23/2026`) whatever the language.
        valueFormatter: (value: unknown) => (value instanceof Date ? formatDay(value, context.locale) : ''),
      };
    case 'timestamp':
      return {
        type: 'dateTime',
        valueGetter: (value: unknown) => (typeof value === 'string' ? parseWireTimestamp(value) : null),
        valueFormatter: (value: unknown) =>
          value instanceof Date ? formatDateTime(value, context.locale) : '',
      };
    case 'time':
      return { type: 'string', valueFormatter: (value: unknown) => wireTimeLabel(value) };
    case 'string':
      return { type: 'string' };
    case 'binary':
      return {
        type: 'string',
        renderCell: (params) => context.fileCell?.(params.row, String(params.field)) ?? null,
      };
  }
}

export const relationOf = (type: TransferName, field: string): RelationDef | undefined => {
  const relations: Readonly<Record<string, RelationDef>> = transferTypes[type].relations;
  return relations[field];
};

const identifierOf = (value: unknown): string =>
  typeof value === 'object' && value !== null ? String(Reflect.get(value, '__identifier') ?? '') : '';

/** A to-one relation shown by one attribute of its target and picked from its `~range`. */
function relationColumn<N extends TransferName>(
  spec: ColumnSpec<RowOf<N>>,
  relation: RelationDef,
  context: ColumnContext<N>,
): GridColDef<Row> {
  const label = spec.relationLabel ?? 'name';
  const labelOf = (value: unknown): string =>
    typeof value === 'object' && value !== null ? String(Reflect.get(value, label) ?? '') : '';
  const cellError = (id: string) => context.cellError(id, spec.field);
  return {
    field: spec.field,
    headerName: context.header(spec.field),
    flex: spec.flex ?? 1,
    minWidth: Math.max(
      spec.minWidth ?? 0,
      columnMinWidth('relation', spec.field, context.header(spec.field)),
    ),
    sortable: false,
    filterable: false,
    editable: context.editing && (spec.editable ?? relation.updates.includes('set')),
    type: 'singleSelect',
    valueOptions: () => [
      // A relation that may be unset offers none first, its value the empty identifier.
      ...(relation.updates.includes('unset') ? [{ value: '', label: context.noneLabel }] : []),
      ...context
        .relationOptions(spec.field)
        .map((option) => ({ value: identifierOf(option), label: labelOf(option) })),
    ],
    valueGetter: (value: unknown) => identifierOf(value),
    valueSetter: (value: unknown, row: Row) => ({
      ...row,
      [spec.field]: relationValue(value, row[spec.field], context.relationOptions(spec.field)),
    }),
    cellClassName: (params) => (cellError(String(params.id)) === undefined ? '' : 'data-table-cell--error'),
    renderCell: (params: GridRenderCellParams<Row>) =>
      withError(cellError(String(params.id)), labelOf(params.row[spec.field])),
    renderEditCell: (params: GridRenderEditCellParams<Row>) =>
      withError(
        cellError(String(params.id)),
        spec.searchOnServer === true ? (
          <ServerSearchCell
            params={params}
            type={context.type}
            label={label}
            clearable={relation.updates.includes('unset')}
          />
        ) : (
          <NamedSelectCell {...params} />
        ),
      ),
  };
}

/**
 * The relation an edited cell stands for: a candidate a server search picked (the value is the row itself),
 * else the stored one or a loaded candidate by identifier; none for the empty identifier.
 */
function relationValue(value: unknown, stored: unknown, options: readonly Row[]): unknown {
  if (typeof value === 'object' && value !== null) {
    return value;
  }
  if (value === '' || value === null || value === undefined) {
    return null;
  }
  if (identifierOf(stored) === value) {
    return stored;
  }
  return options.find((option) => identifierOf(option) === value) ?? null;
}

/** The `_mask` of a table: its attributes, and the label of each relation column. */
export function maskOf<N extends TransferName>(type: N, specs: readonly ColumnSpec<RowOf<N>>[]): string {
  const parts = specs.map((spec) =>
    relationOf(type, spec.field) === undefined
      ? spec.field
      : `${spec.field}{${spec.relationLabel ?? 'name'}}`,
  );
  return `{${parts.join(',')}}`;
}

/** DataGrid columns for the attributes of `type`: typed rendering, server sort where the contract allows it. */
export function columnsOf<N extends TransferName>(
  specs: readonly ColumnSpec<RowOf<N>>[],
  context: ColumnContext<N>,
): GridColDef<Row>[] {
  const attributes = attributesOf(context.type);
  return specs.flatMap((spec) => {
    const attribute = attributes[spec.field];
    if (attribute === undefined) {
      const relation = relationOf(context.type, spec.field);
      return relation?.cardinality === 'one' ? [relationColumn(spec, relation, context)] : [];
    }
    const column: GridColDef<Row> = {
      field: spec.field,
      headerName: context.header(spec.field),
      flex: spec.flex ?? 1,
      minWidth: Math.max(
        spec.minWidth ?? 0,
        columnMinWidth(attribute.type, spec.field, context.header(spec.field)),
      ),
      sortable: attribute.filter !== undefined,
      filterable: false,
      // A file travels through the upload-token flow, never as typed cell text.
      editable: context.editing && attribute.type !== 'binary' && (spec.editable ?? !attribute.readOnly),
      ...typed(attribute, context),
      cellClassName: (params) =>
        context.cellError(String(params.id), spec.field) === undefined ? '' : 'data-table-cell--error',
    };
    const renderCell = column.renderCell;
    return [
      {
        ...column,
        renderCell: (params: GridRenderCellParams<Row>) =>
          withError(
            context.cellError(String(params.id), spec.field),
            renderCell === undefined ? (params.formattedValue as ReactNode) : renderCell(params),
          ),
        renderEditCell: (params: GridRenderEditCellParams<Row>) =>
          withError(context.cellError(String(params.id), spec.field), editCell(attribute, params)),
      },
    ];
  });
}
