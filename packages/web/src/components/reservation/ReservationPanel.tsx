import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAccessPoint, list, operation } from '../../api/model.ts';
import { useDialogs } from '../../feedback/dialogs.tsx';
import { toast } from '../../feedback/toast.ts';
import type { CardAction } from './cardState.ts';
import { HolidayCard, type HolidayRow } from './HolidayCard.tsx';
import { holidayImageSource, palmFallback } from './holidayImage.ts';
import { ModifyReservationDialog } from './ModifyReservationDialog.tsx';
import { ReservationCard, type ReservationRow } from './ReservationCard.tsx';
import { shortTime } from './wireValues.ts';

const RESERVATION_MASK =
  '{date,startTime,endTime,reservationType,reservationStatus,reserverName,reserverCarId,parkingSlotInformation,isGuest,isNotCancelable,isNotDeletable,currentTime}';
const HOLIDAY_MASK = '{startDate,endDate,isNotDeletable}';
const BY_DATE = [
  { attribute: 'date', descending: false },
  { attribute: 'startTime', descending: false },
];

type PanelData = {
  active: ReservationRow[];
  previous: ReservationRow[];
  holidays: HolidayRow[];
  /** The configured palm's download token, null when none is configured. */
  holidayImage: unknown;
};

const EMPTY: PanelData = { active: [], previous: [], holidays: [], holidayImage: null };

async function loadPanel(): Promise<PanelData> {
  const panel = await getAccessPoint('userReservationPanel', { _mask: '{holidayImage}' });
  const owner = panel.__signedIdentifier ?? '';
  const relation = (name: string) => ({
    kind: 'relation' as const,
    type: 'UserReservationPanel' as const,
    relation: name,
    owner,
  });
  const [active, previous, holidays] = await Promise.all([
    list<ReservationRow>(relation('activeReservations'), { _mask: RESERVATION_MASK, _orderBy: BY_DATE }),
    list<ReservationRow>(relation('previousReservation'), {
      _mask: RESERVATION_MASK,
      _orderBy: BY_DATE.map((order) => ({ ...order, descending: true })),
      _seek: { limit: 50 },
    }),
    list<HolidayRow>(relation('holidays'), {
      _mask: HOLIDAY_MASK,
      _orderBy: [{ attribute: 'startDate', descending: false }],
    }),
  ]);
  return {
    active: active.items,
    previous: previous.items,
    holidays: holidays.items,
    holidayImage: panel.holidayImage,
  };
}

type ReservationPanelProps = {
  /** Bumped by the form after a create, so the new cards appear. */
  refreshKey: number;
};

/** The user reservation panel: active reservations as cards, holidays as cards, previous ones full width. */
export function ReservationPanel({ refreshKey }: ReservationPanelProps) {
  const { t } = useTranslation('application');
  const dialogs = useDialogs();
  const [data, setData] = useState<PanelData>(EMPTY);
  const [loaded, setLoaded] = useState(false);
  const [editing, setEditing] = useState<ReservationRow | null>(null);
  const [image, setImage] = useState(palmFallback);
  const [ownRefresh, setOwnRefresh] = useState(0);
  const reload = useCallback(() => setOwnRefresh((value) => value + 1), []);

  useEffect(() => {
    let live = true;
    // Only the trigger matters: a create in the form or an action on a card.
    void refreshKey;
    void ownRefresh;
    loadPanel()
      .then((next) => {
        if (live) {
          setData(next);
          setLoaded(true);
        }
        // Fetched only once there is a card to show it on; the module keeps it for the page load.
        if (next.holidays.length > 0) {
          void holidayImageSource(next.holidayImage).then((source) => live && setImage(source));
        }
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [refreshKey, ownRefresh]);

  const onAction = async (action: CardAction, reservation: ReservationRow) => {
    const confirmed = await dialogs.confirm({ message: t(`reservationPanel.confirm.${action}`) });
    if (!confirmed) {
      return;
    }
    switch (action) {
      case 'edit':
        setEditing(reservation);
        return;
      case 'delete':
        await operation('UserReservation', 'deleteReservation', undefined, reservation);
        toast.success(t('reservationPanel.deleted'));
        reload();
        return;
      case 'cancel':
        await operation('UserReservation', 'cancelReservation', undefined, reservation);
        toast.success(t('reservationPanel.cancelled'));
        reload();
        return;
    }
  };

  const deleteHoliday = async (holiday: HolidayRow) => {
    if (!(await dialogs.confirm({ message: t('reservationPanel.confirm.deleteHoliday') }))) {
      return;
    }
    await operation('Holiday', 'deleteHoliday', undefined, holiday);
    toast.success(t('reservationPanel.holidayDeleted'));
    reload();
  };

  return (
    <Stack spacing={3}>
      <section aria-labelledby="active-reservations-title">
        <Typography id="active-reservations-title" variant="h5" component="h2" sx={{ mb: 2 }}>
          {t('page.activeReservations')}
        </Typography>
        {loaded && data.active.length === 0 && (
          <Alert severity="info">{t('reservationPanel.noActive')}</Alert>
        )}
        <Grid container spacing={2}>
          {data.active.map((reservation) => (
            <Grid key={reservation.__signedIdentifier} size={{ xs: 12, sm: 6 }}>
              <ReservationCard
                reservation={reservation}
                onAction={(action, row) => void onAction(action, row).catch(() => undefined)}
              />
            </Grid>
          ))}
        </Grid>
      </section>
      {data.holidays.length > 0 && (
        <section aria-labelledby="holidays-title">
          <Typography id="holidays-title" variant="h5" component="h2" sx={{ mb: 2 }}>
            {t('menu.holidays')}
          </Typography>
          <Grid container spacing={2}>
            {data.holidays.map((holiday) => (
              <Grid key={holiday.__signedIdentifier} size={{ xs: 12, md: 6, lg: 4 }}>
                <HolidayCard
                  holiday={holiday}
                  image={image}
                  onDelete={(row) => void deleteHoliday(row).catch(() => undefined)}
                />
              </Grid>
            ))}
          </Grid>
        </section>
      )}
      <Paper
        component="section"
        aria-labelledby="previous-reservations-title"
        sx={{ width: '100%', overflowX: 'auto' }}
      >
        <Typography id="previous-reservations-title" variant="h6" component="h2" sx={{ p: 2 }}>
          {t('page.myPreviousReservations')}
        </Typography>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('reservationForm.date')}</TableCell>
              <TableCell>{t('reservationPanel.time')}</TableCell>
              <TableCell>{t('reservationForm.parkingSlot')}</TableCell>
              <TableCell>{t('reservationForm.reservationType')}</TableCell>
              <TableCell>{t('reservationPanel.status')}</TableCell>
              <TableCell>{t('reservationPanel.car')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.previous.map((reservation) => (
              <TableRow key={reservation.__signedIdentifier}>
                <TableCell>{reservation.date}</TableCell>
                <TableCell>
                  {shortTime(reservation.startTime)}–{shortTime(reservation.endTime)}
                </TableCell>
                <TableCell>{reservation.parkingSlotInformation}</TableCell>
                <TableCell>
                  {reservation.reservationType &&
                    t(`enumeration.ReservationType.${reservation.reservationType}`)}
                </TableCell>
                <TableCell>
                  {reservation.reservationStatus &&
                    t(`enumeration.ReservationStatus.${reservation.reservationStatus}`)}
                </TableCell>
                <TableCell>
                  {reservation.isGuest ? `${reservation.reserverName ?? ''} · ` : ''}
                  {reservation.reserverCarId}
                </TableCell>
              </TableRow>
            ))}
            {loaded && data.previous.length === 0 && (
              <TableRow>
                <TableCell colSpan={6}>{t('reservationPanel.noPrevious')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Paper>
      {editing !== null && (
        <ModifyReservationDialog
          reservation={editing}
          confirmSave={() => dialogs.confirm({ message: t('reservationPanel.confirm.save') })}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            toast.success(t('reservationPanel.modified'));
            reload();
          }}
        />
      )}
    </Stack>
  );
}
