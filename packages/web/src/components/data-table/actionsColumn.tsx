import { GridActionsCellItem, type GridActionsCellItemProps, type GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import type { ReactElement } from 'react';
import type { Row } from '../../api/model.ts';
import {
  CancelOutlinedIcon,
  DeleteOutlinedIcon,
  EditOutlinedIcon,
  SaveOutlinedIcon,
  VisibilityOutlinedIcon,
} from '../../icons/icons.tsx';
import { rowIdOf } from './drafts.ts';
import { placeActions } from './rowActions.ts';
import type { DataTableController, TransferAction } from './useDataTable.ts';

/** One action of a row as a grid cell or a phone card shows it. */
export type ShownAction = {
  key: string;
  icon: ReactElement;
  label: string;
  onClick(): void;
  disabled?: boolean;
  /** In the row's overflow menu rather than a button of its own. */
  inMenu?: boolean;
  color?: 'primary';
};

export type RowActionsInput = {
  table: DataTableController;
  onView: ((row: Row) => void) | undefined;
  transferActions: readonly TransferAction[];
  t: TFunction<'application'>;
};

/** Save and cancel while a row is edited; otherwise view, edit, delete and the transfer actions (SPEC §9). */
export function rowActionsOf(
  { table, onView, transferActions, t }: RowActionsInput,
  row: Row,
): ShownAction[] {
  const rowId = rowIdOf(row);
  if (table.isEditing(rowId)) {
    return [
      {
        key: 'save',
        icon: <SaveOutlinedIcon />,
        label: t('dataTable.save'),
        color: 'primary',
        onClick: () => table.save(rowId),
      },
      {
        key: 'cancel',
        icon: <CancelOutlinedIcon />,
        label: t('dataTable.cancel'),
        onClick: () => table.cancel(row),
      },
    ];
  }
  const placed = placeActions([
    ...(onView ? [{ key: 'view', group: 'crud' as const }] : []),
    ...(table.editable && row.__updateable !== false ? [{ key: 'edit', group: 'crud' as const }] : []),
    ...(table.deletable && row.__deleteable !== false ? [{ key: 'delete', group: 'crud' as const }] : []),
    ...transferActions
      .filter((action) => action.hidden?.(row) !== true)
      .map((action) => ({ key: action.key, group: 'transfer' as const })),
  ]);
  const shown = (key: string): Omit<ShownAction, 'key'> => {
    switch (key) {
      case 'view':
        return { icon: <VisibilityOutlinedIcon />, label: t('dataTable.view'), onClick: () => onView?.(row) };
      case 'edit':
        return {
          icon: <EditOutlinedIcon />,
          label: t('dataTable.edit'),
          onClick: () => table.startEdit(rowId),
        };
      case 'delete':
        return {
          icon: <DeleteOutlinedIcon />,
          label: t('dataTable.delete'),
          onClick: () => void table.deleteRow(row),
        };
      default: {
        const transfer = transferActions.find((candidate) => candidate.key === key);
        return {
          icon: transfer?.icon ?? <VisibilityOutlinedIcon />,
          label: transfer?.label ?? key,
          onClick: () => transfer?.onClick(row),
          disabled: transfer?.disabled?.(row) === true,
        };
      }
    }
  };
  return placed.map((action) => ({ ...shown(action.key), key: action.key, inMenu: action.inMenu }));
}

/** The grid's cells for a row's actions. */
function actionsOf(input: RowActionsInput, row: Row): ReactElement<GridActionsCellItemProps>[] {
  return rowActionsOf(input, row).map(({ key, disabled = false, inMenu, color, ...item }) => {
    // An item under ⋮ takes no colour; one in the row keeps its own.
    const placement = inMenu === true ? { showInMenu: true as const } : color === undefined ? {} : { color };
    return <GridActionsCellItem key={key} {...item} disabled={disabled} {...placement} />;
  });
}

/** The actions column, or none when rows have no action at all. */
export function actionsColumn(input: RowActionsInput): GridColDef<Row> | null {
  const { table, onView, transferActions, t } = input;
  if (onView === undefined && !table.editable && !table.deletable && transferActions.length === 0) {
    return null;
  }
  return {
    field: '__actions',
    type: 'actions',
    headerName: t('dataTable.actions'),
    minWidth: 120,
    getActions: ({ row }) => actionsOf(input, row),
  };
}
