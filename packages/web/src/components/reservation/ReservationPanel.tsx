import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { operation, type Row } from '../../api/model.ts';
import { ofType } from '../../api/queryKeys.ts';
import { type PanelData, reservationPanelQuery } from '../../api/reservationQueries.ts';
import { useDialogs } from '../../feedback/dialogs.tsx';
import { toast } from '../../feedback/toast.ts';
import { useDateFormat } from '../../i18n/dateLocale.ts';
import { useOnline } from '../../offline/onlineStatus.ts';
import { ResponsiveTable } from '../data-table/RowCard.tsx';
import { HolidayCard, type HolidayRow } from '../holiday/HolidayCard.tsx';
import { holidayImageQuery, palmFallback } from '../holiday/holidayImage.ts';
import {
  type CardFocus,
  cardKeyOf,
  cardPositionOf,
  cardToFocus,
  focusInView,
  LIST_HEADING,
  requestLineToFocus,
} from './cardFocus.ts';
import type { CardAction } from './cardState.ts';
import { cardCheckInText, checkInStateOf } from './checkInState.ts';
import { type DrawRequestRow, DrawRequestsSection } from './DrawRequestsSection.tsx';
import { ModifyReservationDialog } from './ModifyReservationDialog.tsx';
import { previousReservationView } from './previousReservation.ts';
import { ReservationCard, type ReservationRow } from './ReservationCard.tsx';
import { ReservationSeriesCard, type SeriesAction } from './ReservationSeriesCard.tsx';
import { cardItemsOf } from './reservationSeries.ts';
import { WaitlistSection } from './WaitlistSection.tsx';
import type { WaitlistRow } from './waitlistText.ts';

const EMPTY: PanelData<ReservationRow, HolidayRow, WaitlistRow> = {
  active: [],
  previous: [],
  holidays: [],
  waitlist: [],
  drawRequests: [],
  holidayImage: null,
};

/** The search parameter a notification's address names its reservation by. */
const LINKED_RESERVATION = 'reservation';

type ReservationPanelProps = {
  /** What the form just booked (a new array each time): focus goes to its card once the panel shows it. */
  booked?: readonly Row[] | null;
  /** The draw requests the form just made (a new array each time): focus goes to the first one's line. */
  requested?: readonly Row[] | null;
};

/** The user reservation panel: active reservations as cards, holidays as cards, previous ones full width. */
export function ReservationPanel({ booked = null, requested = null }: ReservationPanelProps) {
  const { t } = useTranslation('application');
  const format = useDateFormat();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const panel = useQuery(reservationPanelQuery<ReservationRow, HolidayRow, WaitlistRow>());
  const data = panel.data ?? EMPTY;
  const loaded = panel.data !== undefined;
  // Unreachable and with no kept copy: said, rather than an empty panel that looks like no reservations.
  const online = useOnline();
  const noCopy = !loaded && !online && !panel.isFetching;
  // Fetched only once there is a card to show it on; the module keeps it for the page load.
  const image = useQuery({
    ...holidayImageQuery(panel.data?.holidayImage),
    enabled: data.holidays.length > 0,
  });
  // The reservation, or the days of a series, whose times are being changed.
  const [editing, setEditing] = useState<readonly ReservationRow[] | null>(null);
  // The card or entry whose check-in or leave is under way (its button waits).
  const [busy, setBusy] = useState<string | null>(null);
  // By type: the panel, and every other read of reservations (an administrator's tables, the arrivals).
  const reloaded = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ofType('UserReservationPanel') }),
      queryClient.invalidateQueries({ queryKey: ofType('UserReservation') }),
    ]);
  const reload = () => void reloaded();

  // Focus follows the cards (cardFocus.ts): to a booked reservation's card (a draw request's line), or after a
  // removal to the card in its place or the heading, so a keyboard or screen-reader user is not left on a button
  // that is gone.
  const items = useMemo(() => cardItemsOf(data.active), [data.active]);
  const cards = useRef(new Map<string, HTMLElement>());
  const requestLines = useRef(new Map<string, HTMLElement>());
  const heading = useRef<HTMLHeadingElement>(null);
  const [focus, setFocus] = useState<CardFocus | null>(null);
  useEffect(() => {
    if (booked !== null && booked.length > 0) {
      setFocus({ kind: 'created', reservations: booked });
    }
  }, [booked]);
  useEffect(() => {
    if (requested !== null && requested.length > 0) {
      setFocus({ kind: 'requested', requests: requested });
    }
  }, [requested]);
  useEffect(() => {
    const requestedLine = focus?.kind === 'requested';
    const target =
      focus === null
        ? null
        : focus.kind === 'requested'
          ? requestLineToFocus(focus.requests, data.drawRequests)
          : cardToFocus(focus, items);
    if (target === null) {
      return;
    }
    const elements = requestedLine ? requestLines.current : cards.current;
    focusInView(target === LIST_HEADING ? heading.current : elements.get(target));
    setFocus(null);
  }, [focus, items, data.drawRequests]);
  // A notification opens the dashboard at its reservation (`/?reservation=<__identifier>`, the server's
  // push-messages.ts): its card takes focus, which scrolls it into view; one gone meanwhile is said. Once.
  const [params, setParams] = useSearchParams();
  const linked = params.get(LINKED_RESERVATION);
  useEffect(() => {
    if (linked === null || !loaded) {
      return;
    }
    if (cardPositionOf(items, { __identifier: linked }) < 0) {
      toast.warning(t('reservationPanel.linkedGone'));
    } else {
      setFocus({ kind: 'created', reservations: [{ __identifier: linked }] });
    }
    setParams(
      (current) => {
        current.delete(LINKED_RESERVATION);
        return current;
      },
      { replace: true },
    );
  }, [linked, loaded, items, setParams, t]);
  const refIn = (elements: Map<string, HTMLElement>) => (key: string) => (element: HTMLElement | null) => {
    if (element === null) {
      elements.delete(key);
    } else {
      elements.set(key, element);
    }
  };
  const cardRef = refIn(cards.current);
  /** Runs a removal of the card showing `row`; focus then goes to the card in its place. */
  const removing = async (row: ReservationRow, remove: () => Promise<unknown>) => {
    const position = cardPositionOf(items, row);
    await remove();
    await reloaded();
    if (position >= 0) {
      setFocus({ kind: 'removed', position });
    }
  };

  // A card's own action: its button waits while `run` goes, and the panel reads again after it, also after a
  // refusal (a check-in window that closed meanwhile shows what the server now says).
  const whileBusy = async (
    row: ReservationRow | WaitlistRow | DrawRequestRow,
    run: () => Promise<unknown>,
    done: string,
  ) => {
    setBusy(row.__signedIdentifier ?? null);
    try {
      await run();
      toast.success(done);
    } finally {
      setBusy(null);
      reload();
    }
  };

  const checkIn = (reservation: ReservationRow) =>
    whileBusy(
      reservation,
      () => operation('UserReservation', 'checkIn', undefined, reservation),
      t('reservationPanel.checkIn.done'),
    );

  const leaveWaitlist = async (entry: WaitlistRow) => {
    if (!(await dialogs.confirm({ message: t('reservationPanel.waitlist.confirmLeave') }))) {
      return;
    }
    try {
      await whileBusy(
        entry,
        () => operation('WaitlistEntry', 'leaveWaitlist', undefined, entry),
        t('reservationPanel.waitlist.left'),
      );
    } finally {
      void queryClient.invalidateQueries({ queryKey: ofType('WaitlistEntry') });
    }
  };

  const withdrawRequest = async (request: DrawRequestRow) => {
    if (await dialogs.confirm({ message: t('reservationPanel.draw.confirmWithdraw') })) {
      await whileBusy(
        request,
        () => operation('DrawRequest', 'withdraw', undefined, request),
        t('reservationPanel.draw.withdrawn'),
      );
    }
  };

  const onAction = async (action: CardAction, reservation: ReservationRow) => {
    // The editor changes nothing until its own Save: it opens without asking first.
    if (action === 'edit') {
      setEditing([reservation]);
      return;
    }
    const confirmed = await dialogs.confirm({ message: t(`reservationPanel.confirm.${action}`) });
    if (!confirmed) {
      return;
    }
    switch (action) {
      case 'delete':
        await removing(reservation, async () => {
          await operation('UserReservation', 'deleteReservation', undefined, reservation);
          toast.success(t('reservationPanel.deleted'));
        });
        return;
      case 'cancel':
        await removing(reservation, async () => {
          await operation('UserReservation', 'cancelReservation', undefined, reservation);
          toast.success(t('reservationPanel.cancelled'));
        });
        return;
    }
  };

  const onSeriesAction = async (action: SeriesAction, days: ReservationRow[]) => {
    if (action === 'edit') {
      setEditing(days);
      return;
    }
    const count = days.length;
    if (!(await dialogs.confirm({ message: t('reservationPanel.series.confirmDelete', { count }) }))) {
      return;
    }
    const [first] = days;
    try {
      if (first !== undefined) {
        await removing(first, async () => {
          for (const day of days) {
            await operation('UserReservation', 'deleteReservation', undefined, day);
          }
          toast.success(t('reservationPanel.series.deleted', { count }));
        });
      }
    } finally {
      // A refused day (it began meanwhile) leaves the others as the server now has them.
      reload();
    }
  };

  // A released no-show leaves the cards for this table: it says here when check-in closed, as the card did.
  const pastCheckInText = (reservation: ReservationRow): string => {
    const state = checkInStateOf(reservation);
    const line = state.kind === 'checkedIn' || state.kind === 'noShow' ? cardCheckInText(state, t) : null;
    return line === null ? '' : ` · ${line}`;
  };

  return (
    <Stack spacing={3}>
      <section aria-labelledby="active-reservations-title">
        <Typography
          id="active-reservations-title"
          ref={heading}
          // Where focus goes when the last card is gone.
          tabIndex={-1}
          variant="h5"
          component="h2"
          sx={{ mb: 2 }}
        >
          {t('page.activeReservations')}
        </Typography>
        {loaded && data.active.length === 0 && (
          <Alert severity="info">{t('reservationPanel.noActive')}</Alert>
        )}
        {noCopy && <Alert severity="info">{t('reservationPanel.noCopy')}</Alert>}
        <Grid container spacing={2}>
          {items.map((item) =>
            item.kind === 'series' ? (
              <Grid key={item.seriesId} size={{ xs: 12, sm: 6 }}>
                <ReservationSeriesCard
                  cardRef={cardRef(cardKeyOf(item))}
                  days={item.days}
                  onAction={(action, row) => void onAction(action, row).catch(() => undefined)}
                  onSeriesAction={(action, days) => void onSeriesAction(action, days).catch(() => undefined)}
                />
              </Grid>
            ) : (
              <Grid key={item.reservation.__signedIdentifier} size={{ xs: 12, sm: 6 }}>
                <ReservationCard
                  cardRef={cardRef(cardKeyOf(item))}
                  reservation={item.reservation}
                  onAction={(action, row) => void onAction(action, row).catch(() => undefined)}
                  onCheckIn={(row) => void checkIn(row).catch(() => undefined)}
                  checkingIn={busy === item.reservation.__signedIdentifier}
                />
              </Grid>
            ),
          )}
        </Grid>
      </section>
      {data.waitlist.length > 0 && (
        <WaitlistSection
          rows={data.waitlist}
          busy={busy}
          onAction={(entry) => void leaveWaitlist(entry).catch(() => undefined)}
        />
      )}
      {data.drawRequests.length > 0 && (
        <DrawRequestsSection
          rows={data.drawRequests}
          busy={busy}
          lineRef={refIn(requestLines.current)}
          onAction={(request) => void withdrawRequest(request).catch(() => undefined)}
        />
      )}
      {data.holidays.length > 0 && (
        <section aria-labelledby="holidays-title">
          <Typography id="holidays-title" variant="h5" component="h2" sx={{ mb: 2 }}>
            {t('menu.holidays')}
          </Typography>
          <Grid container spacing={2}>
            {data.holidays.map((holiday) => (
              <Grid key={holiday.__signedIdentifier} size={{ xs: 12, md: 6, lg: 4 }}>
                <HolidayCard holiday={holiday} image={image.data ?? palmFallback} />
              </Grid>
            ))}
          </Grid>
        </section>
      )}
      <Paper
        component="section"
        aria-labelledby="previous-reservations-title"
        // Focusable: a keyboard user scrolls the table when it is wider than a phone (WCAG 2.1.1).
        tabIndex={0}
        sx={{ width: '100%', overflowX: 'auto' }}
      >
        <Typography id="previous-reservations-title" variant="h6" component="h2" sx={{ p: 2 }}>
          {t('page.myPreviousReservations')}
        </Typography>
        <ResponsiveTable
          label={t('page.myPreviousReservations')}
          titles={[
            t('reservationForm.date'),
            t('reservationPanel.time'),
            t('reservationForm.parkingSlot'),
            t('reservationForm.reservationType'),
            t('reservationPanel.status'),
            t('reservationPanel.car'),
          ]}
          rows={data.previous.map((reservation) => {
            const past = previousReservationView(reservation);
            return {
              key: reservation.__signedIdentifier ?? '',
              cells: [
                format.day(reservation.date),
                past.times,
                reservation.parkingSlotInformation,
                reservation.reservationType &&
                  t(`enumeration.ReservationType.${reservation.reservationType}`),
                <>
                  {reservation.reservationStatus && t(past.statusKey)}
                  {past.cancelledAt !== null &&
                    ` · ${t('reservationPanel.cancelledAt', { time: past.cancelledAt })}`}
                  {pastCheckInText(reservation)}
                </>,
                `${reservation.isGuest ? `${reservation.reserverName ?? ''} · ` : ''}${reservation.reserverCarId ?? ''}`,
              ],
            };
          })}
          empty={loaded ? t('reservationPanel.noPrevious') : null}
        />
      </Paper>
      {editing !== null && (
        <ModifyReservationDialog
          reservations={editing}
          onClose={() => setEditing(null)}
          onSaved={(count) => {
            // A series refused on a later day stays open to say so; the days before it are saved.
            if (count === editing.length) {
              setEditing(null);
            }
            toast.success(t('reservationPanel.modified', { count }));
            reload();
          }}
        />
      )}
    </Stack>
  );
}
