import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactElement, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../i18n/dateLocale.ts';
import { CancelOutlinedIcon, DeleteOutlinedIcon, EditOutlinedIcon } from '../../icons/icons.tsx';
import { useOnline } from '../../offline/onlineStatus.ts';
import { shortTime } from '../forms/wireValues.ts';
import { type CardAction, reservationCardState } from './cardState.ts';
import { CardHeading, FOCUSABLE_CARD, type ReservationRow } from './ReservationCard.tsx';
import { sharedTimes } from './reservationSeries.ts';

/** What the whole series offers: Edit and Delete over the days that still allow them. */
export type SeriesAction = 'edit' | 'delete';

type ReservationSeriesCardProps = {
  /** The days of one series (a LONG booking, a weekly pattern), in date order. */
  days: readonly ReservationRow[];
  onAction(action: CardAction, day: ReservationRow): void;
  onSeriesAction(action: SeriesAction, days: ReservationRow[]): void;
  /** The card itself, which the panel moves focus to after a booking or a deletion. */
  cardRef?: Ref<HTMLDivElement>;
};

const ICONS: Record<CardAction, ReactElement> = {
  delete: <DeleteOutlinedIcon fontSize="small" />,
  cancel: <CancelOutlinedIcon fontSize="small" />,
  edit: <EditOutlinedIcon fontSize="small" />,
};

const SERIES_ACTIONS = [
  { action: 'edit', icon: <EditOutlinedIcon />, label: 'reservationPanel.series.editAll' },
  { action: 'delete', icon: <DeleteOutlinedIcon />, label: 'reservationPanel.series.deleteAll' },
] as const satisfies readonly { action: SeriesAction; icon: ReactElement; label: string }[];

/**
 * A series as one card (a LONG booking, a weekly pattern): its span, slot and car once, then each day by weekday
 * with its own actions.
 */
export function ReservationSeriesCard({
  days,
  onAction,
  onSeriesAction,
  cardRef,
}: ReservationSeriesCardProps) {
  const { t } = useTranslation('application');
  const format = useDateFormat();
  const [first] = days;
  const last = days[days.length - 1];
  const times = sharedTimes(days);
  // Offline nothing can be sent: no day and not the series offers an action (the offline notice says why).
  const online = useOnline();
  const actionsOf = (day: ReservationRow) => (online ? reservationCardState(day).actions : []);
  // Edit and Delete of the whole series act on the days that are still future (SPEC §4: both follow deletability).
  const changeable = days.filter((day) => actionsOf(day).includes('delete'));
  const title = t('reservationPanel.series.title', {
    first: format.dayWithWeekday(first?.date),
    last: format.dayWithWeekday(last?.date),
  });
  return (
    <Card
      ref={cardRef}
      variant="outlined"
      data-testid="reservation-series-card"
      component="article"
      aria-label={title}
      {...FOCUSABLE_CARD}
    >
      <CardContent>
        <CardHeading title={title} type={first?.reservationType} />
        <Typography variant="body1">{first?.parkingSlotInformation}</Typography>
        <Typography variant="body2" color="text.secondary">
          {[first?.reserverCarId, times, t('reservationPanel.series.days', { count: days.length })]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
        <List dense aria-label={t('reservationPanel.series.dayList')}>
          {days.map((day) => {
            const state = reservationCardState(day);
            const name = format.dayWithWeekday(day.date);
            return (
              <ListItem
                key={day.__signedIdentifier}
                disableGutters
                sx={state.greyed ? { opacity: 0.5 } : undefined}
                secondaryAction={
                  <Stack direction="row">
                    {actionsOf(day).map((action) => {
                      const label = t(`reservationPanel.series.dayAction.${action}`, { day: name });
                      return (
                        <Tooltip key={action} title={label}>
                          <IconButton size="small" aria-label={label} onClick={() => onAction(action, day)}>
                            {ICONS[action]}
                          </IconButton>
                        </Tooltip>
                      );
                    })}
                  </Stack>
                }
              >
                <ListItemText
                  primary={name}
                  secondary={times === null ? `${shortTime(day.startTime)}–${shortTime(day.endTime)}` : null}
                />
              </ListItem>
            );
          })}
        </List>
      </CardContent>
      {changeable.length > 0 && (
        <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          {SERIES_ACTIONS.map(({ action, icon, label }) => (
            <Button
              key={action}
              size="small"
              startIcon={icon}
              // Named with the series' days after the words it shows (WCAG 2.5.3).
              aria-label={t('reservationPanel.series.actionOf', {
                action: t(label, { count: changeable.length }),
                span: title,
              })}
              onClick={() => onSeriesAction(action, changeable)}
            >
              {t(label, { count: changeable.length })}
            </Button>
          ))}
        </CardActions>
      )}
    </Card>
  );
}
