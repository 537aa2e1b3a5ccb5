import type { Draw } from '@parkhere/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAccessPoint, type Row, type WireFilter } from '../../api/model.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import type { ColumnSpec } from '../../components/data-table/columns.tsx';
import type { TransferAction } from '../../components/data-table/DataTable.tsx';
import { RelationTable } from '../../components/data-table/RelationTable.tsx';
import { type Days, GarageDaysFilters, useGarageDays } from '../../components/forms/GarageDaysFilters.tsx';
import { PageLoading } from '../../feedback/PageLoading.tsx';
import { VisibilityOutlinedIcon } from '../../icons/icons.tsx';
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
  const filters = useGarageDays({ from: '', to: '' });
  const [shown, setShown] = useState<Row | null>(null);
  const panel = useQuery({
    queryKey: queryKeys.accessPoint('reservationsAccess'),
    queryFn: () => getAccessPoint('reservationsAccess'),
  }).data;
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
      <GarageDaysFilters texts="adminViews.draws" by="name" {...filters} />
      <RelationTable
        of="ReservationsPanel"
        relation="draws"
        owner={panel}
        columns={COLUMNS}
        readOnly
        countRecords
        onView={setShown}
        transferActions={actions}
        fixedFilters={filtersOf(filters.garage, filters.days)}
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
