import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Draw } from '@parkhere/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAccessPoint, list, type Row, type WireFilter } from '../../api/model.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import type { ColumnSpec } from '../../components/data-table/columns.tsx';
import type { TransferAction } from '../../components/data-table/DataTable.tsx';
import { RelationTable } from '../../components/data-table/RelationTable.tsx';
import { DayField } from '../../components/forms/WallClockFields.tsx';
import { PageLoading } from '../../feedback/PageLoading.tsx';
import { useViewPageTitle, ViewPage, ViewSection } from '../ViewPage.tsx';
import { DrawDetail } from './DrawDetail.tsx';

const COLUMNS: readonly ColumnSpec<Draw>[] = [
  { field: 'date' },
  { field: 'parkingGarageName', minWidth: 160 },
  // The detail's summary names it too: the row opened is the one listed, with only these columns read.
  { field: 'seed' },
  { field: 'requestCount', minWidth: 100 },
  { field: 'slotCount' },
  { field: 'winnerCount', minWidth: 130 },
  { field: 'waitingCount', minWidth: 150 },
  { field: 'ranAt' },
];

const GARAGES_QUERY = { _mask: '{name}', _orderBy: [{ attribute: 'name', descending: false }] };

/** The days the draws are shown of, from and to (both inclusive); '' leaves that end open. */
type Days = { from: string; to: string };
const BOUNDS = ['from', 'to'] as const;

/** The filters the page sets: the garage by name, and the days. */
function filtersOf(garage: string, { from, to }: Days): Record<string, WireFilter[]> {
  const date: WireFilter[] = [
    ...(from === '' ? [] : [{ operator: 'greaterOrEqual', value: from } as const]),
    ...(to === '' ? [] : [{ operator: 'lessOrEqual', value: to } as const]),
  ];
  return {
    ...(garage === '' ? {} : { parkingGarageName: [{ operator: 'equal', value: garage }] }),
    ...(date.length === 0 ? {} : { date }),
  };
}

/**
 * Services/Actor/ReservationsAccess/Draws: every fair draw that ran (ReservationsPanel.draws), filtered by
 * garage and days, and one chosen draw's requests and replay below the list.
 */
export default function DrawsPage() {
  const { t } = useTranslation('application');
  const title = useViewPageTitle();
  const [garage, setGarage] = useState('');
  const [days, setDays] = useState<Days>({ from: '', to: '' });
  const [shown, setShown] = useState<Row | null>(null);
  const panel = useQuery({
    queryKey: queryKeys.accessPoint('reservationsAccess'),
    queryFn: () => getAccessPoint('reservationsAccess'),
  }).data;
  const source = { kind: 'accessPoint', accessPoint: 'parkingGarages' } as const;
  const garages = useQuery({
    queryKey: queryKeys.list('ParkingGarageSettings', source, GARAGES_QUERY, false),
    queryFn: () => list(source, GARAGES_QUERY),
  }).data?.items;
  const actions: TransferAction[] = [
    {
      key: 'show',
      label: t('adminViews.draws.show'),
      icon: <VisibilityOutlinedIcon />,
      onClick: setShown,
    },
  ];

  if (panel === undefined) {
    return <PageLoading />;
  }
  return (
    <ViewPage title={title}>
      <Typography>{t('adminViews.draws.intro')}</Typography>
      <Box
        component="fieldset"
        sx={{ border: 0, p: 0, m: 0, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}
      >
        <Box component="legend" sx={{ mb: 1, typography: 'subtitle2' }}>
          {t('adminViews.draws.filters')}
        </Box>
        <TextField
          select
          name="garage"
          size="small"
          label={t('adminViews.draws.garage')}
          value={garage}
          onChange={(event) => setGarage(event.target.value)}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">{t('adminViews.draws.anyGarage')}</MenuItem>
          {(garages ?? []).map((each) => (
            <MenuItem key={String(each.__identifier)} value={String(each.name)}>
              {String(each.name)}
            </MenuItem>
          ))}
        </TextField>
        {BOUNDS.map((bound) => (
          <DayField
            key={bound}
            name={bound}
            label={t(`adminViews.draws.${bound}`)}
            value={days[bound]}
            onChange={(value) => setDays((current) => ({ ...current, [bound]: value ?? '' }))}
            sx={{ maxWidth: 200 }}
          />
        ))}
      </Box>
      <RelationTable
        of="ReservationsPanel"
        relation="draws"
        owner={panel}
        columns={COLUMNS}
        readOnly
        countRecords
        onView={setShown}
        transferActions={actions}
        fixedFilters={filtersOf(garage, days)}
        defaultSort={{ attribute: 'date', descending: true }}
      />
      {shown !== null && (
        <ViewSection
          title={t('adminViews.draws.detail', {
            garage: String(shown.parkingGarageName),
            date: String(shown.date),
          })}
        >
          <DrawDetail key={String(shown.__identifier)} draw={shown} onClose={() => setShown(null)} />
        </ViewSection>
      )}
    </ViewPage>
  );
}
