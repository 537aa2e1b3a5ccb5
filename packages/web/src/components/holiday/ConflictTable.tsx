import Box from '@mui/material/Box';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/model.ts';
import { useDateFormat } from '../../i18n/dateLocale.ts';
import { useGridLocaleText } from '../data-table/gridLocaleText.ts';
import { wireTimeLabel } from '../data-table/wireValues.ts';

const PAGE_SIZE = 10;

/** The reservations a holiday would delete (SPEC §4, §9): page size 10, by date ascending, read-only. */
export function ConflictTable({ reservations, loading }: { reservations: readonly Row[]; loading: boolean }) {
  const { t } = useTranslation('application');
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
          pagination: { paginationModel: { pageSize: PAGE_SIZE } },
          sorting: { sortModel: [{ field: 'date', sort: 'asc' }] },
        }}
        pageSizeOptions={[PAGE_SIZE]}
      />
    </Box>
  );
}
