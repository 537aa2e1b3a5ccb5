import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { UserReservation } from '@parkhere/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAccessPoint, operation, type Row } from '../../api/model.ts';
import { ofType, queryKeys } from '../../api/queryKeys.ts';
import type { ColumnSpec } from '../../components/data-table/columns.tsx';
import type { TransferAction } from '../../components/data-table/DataTable.tsx';
import { RelationTable } from '../../components/data-table/RelationTable.tsx';
import { PickersProvider } from '../../components/forms/PickersProvider.tsx';
import { RelatedPages } from '../../components/relations/RelatedPages.tsx';
import { ModifyReservationDialog } from '../../components/reservation/ModifyReservationDialog.tsx';
import { useDialogs } from '../../feedback/dialogs.tsx';
import { PageLoading } from '../../feedback/PageLoading.tsx';
import { toast } from '../../feedback/toast.ts';
import { BlockOutlinedIcon, DeleteForeverOutlinedIcon, EditOutlinedIcon } from '../../icons/icons.tsx';
import { useViewPageTitle, ViewPage, ViewSection } from '../ViewPage.tsx';
import { CreatedReservationsAlert } from './CreatedReservationsAlert.tsx';
import { type CreatedSummary, createdSummaryOf } from './createdReservations.ts';

// The input forms bring the date pickers; they load after the tables so the panel shows at once.
const AdminInputForms = lazy(() => import('./AdminInputForms.tsx'));
// The day's waitlist brings a date picker of its own: it loads after the reservation tables.
const WaitlistDaySection = lazy(() => import('./WaitlistDaySection.tsx'));

const COLUMNS: readonly ColumnSpec<UserReservation>[] = [
  { field: 'date' },
  { field: 'startTime' },
  { field: 'endTime' },
  { field: 'reserverName', minWidth: 150 },
  { field: 'reserverCarId' },
  // Beside who came and their plate, so it is in view at 1440 px without scrolling (issue 31 §3).
  { field: 'checkedInAt' },
  { field: 'parkingSlotInformation', minWidth: 200 },
  { field: 'reservationType' },
  { field: 'reservationStatus' },
  // A cancellation is stored as EXPIRED: this column tells it apart.
  { field: 'isCancelled', minWidth: 100 },
  { field: 'createdBy' },
];

const RELATIONS = [
  { relation: 'todayReservations', title: 'adminViews.reservations.today', descending: false },
  { relation: 'futureReservations', title: 'adminViews.reservations.future', descending: false },
  { relation: 'previousReservations', title: 'adminViews.reservations.previous', descending: true },
] as const;

/** Services/Actor/ReservationsAccess/AccessViewPage: everyone's reservations, and input for any user. */
export default function ReservationsPanelPage() {
  const { t } = useTranslation('application');
  const dialogs = useDialogs();
  const title = useViewPageTitle();
  const queryClient = useQueryClient();
  const panel = useQuery({
    queryKey: queryKeys.accessPoint('reservationsAccess'),
    queryFn: () => getAccessPoint('reservationsAccess'),
  }).data;
  // Any change reads every table again: a cancel moves a reservation from today's to the previous ones.
  const refreshReservations = () => queryClient.invalidateQueries({ queryKey: ofType('UserReservation') });
  // What the last booking made, said until closed; the user the tables are narrowed to, by name.
  const [created, setCreated] = useState<CreatedSummary | null>(null);
  const [onlyOwner, setOnlyOwner] = useState<string | null>(null);
  // A reservation whose times the administrator is changing (the API lets administrators modify any).
  const [editing, setEditing] = useState<Row | null>(null);
  const acting = useMutation({
    mutationFn: ({ row, name }: { row: Row; name: 'deleteReservation' | 'cancelReservation' }) =>
      operation('UserReservation', name, undefined, row),
    onSuccess: refreshReservations,
  });

  const act = async (row: Row, name: 'deleteReservation' | 'cancelReservation') => {
    const kind = name === 'deleteReservation' ? 'delete' : 'cancel';
    if (!(await dialogs.confirm({ message: t(`reservationPanel.confirm.${kind}`) }))) {
      return;
    }
    try {
      await acting.mutateAsync({ row, name });
      toast.success(t(kind === 'delete' ? 'reservationPanel.deleted' : 'reservationPanel.cancelled'));
    } catch {
      // The error pipeline has told the user.
    }
  };

  const actions: TransferAction[] = [
    {
      key: 'cancelReservation',
      label: t('reservationPanel.action.cancel'),
      icon: <BlockOutlinedIcon />,
      onClick: (row) => void act(row, 'cancelReservation'),
      hidden: (row) => row.isNotCancelable === true,
    },
    {
      key: 'deleteReservation',
      label: t('reservationPanel.action.delete'),
      icon: <DeleteForeverOutlinedIcon />,
      onClick: (row) => void act(row, 'deleteReservation'),
      hidden: (row) => row.isNotDeletable === true,
    },
    {
      key: 'modificateReservation',
      label: t('adminViews.reservations.changeTimes'),
      icon: <EditOutlinedIcon />,
      onClick: (row) => setEditing(row),
      // Last, so Cancel and Delete keep their places (a third action goes under ⋮). As on the user's own cards: a reservation that has begun can no longer be modified (SPEC §4).
      hidden: (row) => row.isNotDeletable === true,
    },
  ];

  return (
    <ViewPage title={title}>
      <Suspense fallback={<PageLoading />}>
        <AdminInputForms
          onCreated={() => void refreshReservations()}
          onReserved={(rows) => setCreated(createdSummaryOf(rows))}
        />
      </Suspense>
      {created !== null && (
        <CreatedReservationsAlert
          summary={created}
          onShowOwner={() => setOnlyOwner(created.owner)}
          onClose={() => setCreated(null)}
        />
      )}
      {onlyOwner !== null && (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" onClick={() => setOnlyOwner(null)}>
              {t('adminViews.reservations.showEveryone')}
            </Button>
          }
        >
          {t('adminViews.reservations.onlyOwner', { owner: onlyOwner })}
        </Alert>
      )}
      {panel !== undefined &&
        RELATIONS.map(({ relation, title: key, descending }) => (
          <ViewSection key={relation} title={t(key)}>
            <RelationTable
              of="ReservationsPanel"
              relation={relation}
              owner={panel}
              columns={COLUMNS}
              mask="{date,startTime,endTime,reserverName,reserverCarId,parkingSlotInformation,reservationType,reservationStatus,isCancelled,checkedInAt,createdBy,isNotCancelable,isNotDeletable}"
              readOnly
              countRecords
              transferActions={actions}
              defaultSort={{ attribute: 'date', descending }}
              {...(onlyOwner === null
                ? {}
                : { fixedFilters: { owner: [{ operator: 'equal', value: onlyOwner }] } })}
            />
          </ViewSection>
        ))}
      {panel !== undefined && (
        <Suspense fallback={<PageLoading />}>
          <WaitlistDaySection panel={panel} />
        </Suspense>
      )}
      {editing !== null && (
        <PickersProvider>
          <ModifyReservationDialog
            reservations={[editing]}
            onClose={() => setEditing(null)}
            onSaved={(count) => {
              setEditing(null);
              toast.success(t('reservationPanel.modified', { count }));
              void refreshReservations();
            }}
          />
        </PickersProvider>
      )}
      <RelatedPages type="ReservationsPanel" owner={panel} />
    </ViewPage>
  );
}
