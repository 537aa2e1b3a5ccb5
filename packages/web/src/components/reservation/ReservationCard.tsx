import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UserReservation } from '@parkhere/contract';
import { type ReactElement, type Ref, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/model.ts';
import { useDateFormat } from '../../i18n/dateLocale.ts';
import {
  CancelOutlinedIcon,
  DeleteOutlinedIcon,
  EditOutlinedIcon,
  HowToRegOutlinedIcon,
} from '../../icons/icons.tsx';
import { useOnline } from '../../offline/onlineStatus.ts';
import { type CardAction, reservationCardState } from './cardState.ts';
import { cardCheckInText, checkInStateOf } from './checkInState.ts';
import { ReservationTimeline } from './ReservationTimeline.tsx';

export type ReservationRow = Row & Partial<UserReservation>;

type ReservationCardProps = {
  reservation: ReservationRow;
  onAction(action: CardAction, reservation: ReservationRow): void;
  /** "I'm here": shown while the reservation's check-in window is open. */
  onCheckIn?(reservation: ReservationRow): void;
  /** A check-in of this card is under way. */
  checkingIn?: boolean;
  /** The card itself, which the panel moves focus to after a booking or a deletion (FOCUSABLE_CARD). */
  cardRef?: Ref<HTMLDivElement>;
};

/**
 * A card is an article named by its day that the panel can focus (not a tab stop of its own): after Reserve or
 * Delete, keyboard and screen-reader users are taken to the card that matters now, with a visible outline.
 */
export const FOCUSABLE_CARD = {
  tabIndex: -1,
  sx: { '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 } },
} as const;

const ICONS: Record<CardAction, ReactElement> = {
  delete: <DeleteOutlinedIcon />,
  cancel: <CancelOutlinedIcon />,
  edit: <EditOutlinedIcon />,
};

/** A reservation card's first line: its day (or days) and its type. */
export function CardHeading({
  title,
  type,
  id,
}: {
  title: string;
  type?: string | null | undefined;
  id?: string;
}) {
  const { t } = useTranslation('application');
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
      <Typography id={id} variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {type && <Chip size="small" color="primary" label={t(`enumeration.ReservationType.${type}`)} />}
    </Stack>
  );
}

/** An active reservation (SPEC §4 'Reservation cards'): what it offers follows from its two flags. */
export function ReservationCard({
  reservation,
  onAction,
  onCheckIn,
  checkingIn = false,
  cardRef,
}: ReservationCardProps) {
  const { t } = useTranslation('application');
  const format = useDateFormat();
  const day = format.dayWithWeekday(reservation.date);
  const headingId = useId();
  const state = reservationCardState(reservation);
  const checkIn = checkInStateOf(reservation);
  const checkInLine = cardCheckInText(checkIn, t);
  // Offline nothing can be sent: the card offers no action (the offline notice says why).
  const online = useOnline();
  const actions = online ? state.actions : [];
  const offersCheckIn = online && checkIn.kind === 'pending' && checkIn.open && onCheckIn !== undefined;
  // Guests are named with their plate; one's own reservation shows the car's plate alone.
  const who = reservation.isGuest
    ? `${reservation.reserverName ?? ''} · ${reservation.reserverCarId ?? ''}`
    : (reservation.reserverCarId ?? '');
  return (
    <Card
      ref={cardRef}
      component="article"
      aria-labelledby={headingId}
      variant="outlined"
      data-testid="reservation-card"
      aria-disabled={state.greyed || undefined}
      tabIndex={FOCUSABLE_CARD.tabIndex}
      sx={[FOCUSABLE_CARD.sx, state.greyed && { opacity: 0.5, pointerEvents: 'none' }]}
    >
      <CardContent>
        <CardHeading id={headingId} title={day} type={reservation.reservationType} />
        <Typography variant="body1">{reservation.parkingSlotInformation}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {who}
        </Typography>
        <ReservationTimeline
          startTime={reservation.startTime ?? '00:00:00'}
          endTime={reservation.endTime ?? '00:00:00'}
          currentTime={state.showsCurrentTime ? (reservation.currentTime ?? null) : null}
        />
        {checkInLine !== null && (
          <Typography
            variant="body2"
            data-testid="check-in-state"
            color={
              checkIn.kind === 'noShow'
                ? 'error'
                : checkIn.kind === 'checkedIn'
                  ? 'success.main'
                  : 'text.primary'
            }
            sx={{ mt: 1, fontWeight: checkIn.kind === 'pending' && checkIn.open ? 700 : undefined }}
          >
            {checkInLine}
          </Typography>
        )}
      </CardContent>
      {(actions.length > 0 || offersCheckIn) && (
        <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          {offersCheckIn && (
            <Button
              variant="contained"
              size="small"
              startIcon={<HowToRegOutlinedIcon />}
              disabled={checkingIn}
              aria-label={t('reservationPanel.actionOf.checkIn', { day })}
              onClick={() => onCheckIn?.(reservation)}
            >
              {t('reservationPanel.checkIn.action')}
            </Button>
          )}
          {actions.map((action) => (
            <Button
              key={action}
              size="small"
              startIcon={ICONS[action]}
              // Named with its day, the word it shows first (WCAG 2.5.3): a list of cards has many a "Delete".
              aria-label={t(`reservationPanel.actionOf.${action}`, { day })}
              onClick={() => onAction(action, reservation)}
            >
              {t(`reservationPanel.action.${action}`)}
            </Button>
          ))}
        </CardActions>
      )}
    </Card>
  );
}
