import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UserReservation } from '@parkhere/contract';
import type { ReactElement } from 'react';
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
};

const ICONS: Record<CardAction, ReactElement> = {
  delete: <DeleteOutlinedIcon />,
  cancel: <CancelOutlinedIcon />,
  edit: <EditOutlinedIcon />,
};

/** A reservation card's first line: its day (or days) and its type. */
export function CardHeading({ title, type }: { title: string; type?: string | null | undefined }) {
  const { t } = useTranslation('application');
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
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
}: ReservationCardProps) {
  const { t } = useTranslation('application');
  const format = useDateFormat();
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
      variant="outlined"
      data-testid="reservation-card"
      aria-disabled={state.greyed || undefined}
      sx={state.greyed ? { opacity: 0.5, pointerEvents: 'none' } : undefined}
    >
      <CardContent>
        <CardHeading title={format.dayWithWeekday(reservation.date)} type={reservation.reservationType} />
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
