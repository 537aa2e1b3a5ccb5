import Box from '@mui/material/Box';
import { DataGrid, GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { operation, type Row } from '../../api/model.ts';
import { ofType } from '../../api/queryKeys.ts';
import { useDialogs } from '../../feedback/dialogs.tsx';
import { toast } from '../../feedback/toast.ts';
import { useDateFormat } from '../../i18n/dateLocale.ts';
import { DeleteOutlinedIcon } from '../../icons/icons.tsx';
import { useGridLocaleText } from '../data-table/gridLocaleText.ts';
import { placeActions } from '../data-table/rowActions.ts';
import { wireTimeLabel } from '../data-table/wireValues.ts';

/** SPEC §9: the conflict table's two page sizes, the first the default. */
export const CONFLICT_PAGE_SIZES = [10, 50];

/** SPEC §9: its row action column shows 1 CRUD action and no transfer action. */
const CONFLICT_ACTIONS = { crud: 1, transfer: 0 };

/** A conflict's actions: Delete, unless the reservation may not be deleted (it is under way or over). */
export const conflictActionsOf = (row: Row) =>
  placeActions(
    row.isNotDeletable === true ? [] : [{ key: 'delete', group: 'crud' as const }],
    CONFLICT_ACTIONS,
  );

/**
 * The reservations a holiday would delete (SPEC §4, §9): 10 or 50 a page, by date ascending, each with Delete
 * (behind a confirm) for a user who would rather give the day back now. A deletion reads the conflicts again.
 */
export function ConflictTable({ reservations, loading }: { reservations: readonly Row[]; loading: boolean }) {
  const { t } = useTranslation('application');
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const deleteReservation = async (row: Row) => {
    if (!(await dialogs.confirm({ message: t('reservationPanel.confirm.delete') }))) {
      return;
    }
    try {
      await operation('UserReservation', 'deleteReservation', undefined, row);
      toast.success(t('reservationPanel.deleted'));
      await Promise.all(
        (['QueryReservationsForHolidayResult', 'UserReservation', 'UserReservationPanel'] as const).map(
          (type) => queryClient.invalidateQueries({ queryKey: ofType(type) }),
        ),
      );
    } catch {
      // The error pipeline has told the user.
    }
  };
  const format = useDateFormat();
  const localeText = useGridLocaleText(t('holidays.conflicts.none'));
  const columns: GridColDef<Row>[] = [
    {
      field: 'date',
      headerName: t('holidays.conflicts.date'),
      flex: 1,
      minWidth: 110,
      valueFormatter: (value: unknown) => format.day(typeof value === 'string' ? value : null),
    },
    {
      field: 'startTime',
      headerName: t('holidays.conflicts.time'),
      minWidth: 120,
      sortable: false,
      valueGetter: (_value, row) => `${wireTimeLabel(row.startTime)} – ${wireTimeLabel(row.endTime)}`,
    },
    { field: 'parkingSlotInformation', headerName: t('holidays.conflicts.slot'), flex: 2, minWidth: 200 },
    { field: 'reserverCarId', headerName: t('holidays.conflicts.car'), minWidth: 110 },
    {
      field: 'reservationType',
      headerName: t('holidays.conflicts.type'),
      minWidth: 110,
      valueFormatter: (value: unknown) =>
        typeof value === 'string' ? t(`enumeration.ReservationType.${value}`, { defaultValue: value }) : '',
    },
    {
      field: '__actions',
      type: 'actions',
      headerName: t('dataTable.actions'),
      minWidth: 80,
      getActions: ({ row }) =>
        conflictActionsOf(row).map((action) => (
          <GridActionsCellItem
            key={action.key}
            icon={<DeleteOutlinedIcon />}
            label={t('dataTable.delete')}
            onClick={() => void deleteReservation(row)}
            {...(action.inMenu ? { showInMenu: true as const } : {})}
          />
        )),
    },
  ];
  return (
    <Box data-testid="holiday-conflicts">
      <DataGrid<Row>
        aria-label={t('holidays.conflicts.title')}
        rows={reservations as Row[]}
        columns={columns}
        getRowId={(row) => row.__identifier ?? row.__signedIdentifier ?? JSON.stringify(row)}
        loading={loading}
        localeText={localeText}
        autoHeight
        density="standard"
        disableColumnFilter
        disableColumnSelector
        disableRowSelectionOnClick
        initialState={{
          pagination: { paginationModel: { pageSize: CONFLICT_PAGE_SIZES[0] ?? 10 } },
          sorting: { sortModel: [{ field: 'date', sort: 'asc' }] },
        }}
        pageSizeOptions={CONFLICT_PAGE_SIZES}
      />
    </Box>
  );
}
