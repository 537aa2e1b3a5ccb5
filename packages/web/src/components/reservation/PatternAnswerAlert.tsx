import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../i18n/dateLocale.ts';
import { patternSummary } from './repeatPattern.ts';
import type { ReservationFormState } from './useReservationForm.ts';

/** What the last weekly pattern did: the days booked, requested of a draw, and skipped with the reason. */
export function PatternAnswerAlert({ form }: { form: ReservationFormState }) {
  const { t } = useTranslation('application');
  const format = useDateFormat();
  if (form.patternAnswer === null) {
    return null;
  }
  const { booked, requested, skipped } = patternSummary(form.patternAnswer);
  const days = (dates: string[]) => dates.map((date) => format.dayWithWeekday(date)).join(', ');
  return (
    <Alert severity={skipped.length === 0 ? 'success' : 'info'} role="status" data-testid="pattern-answer">
      <Typography variant="body2">
        {booked.length === 0
          ? t('reservationForm.repeat.noneBooked')
          : t('reservationForm.repeat.booked', { days: days(booked) })}
      </Typography>
      {requested.length > 0 && (
        <Typography variant="body2">
          {t('reservationForm.repeat.requested', { days: days(requested) })}
        </Typography>
      )}
      {skipped.length > 0 && (
        <>
          <Typography variant="body2">
            {t('reservationForm.repeat.skipped', { count: skipped.length })}
          </Typography>
          <List dense disablePadding aria-label={t('reservationForm.repeat.skippedList')}>
            {skipped.map((day) => (
              <ListItem key={day.date} disableGutters>
                {t('reservationForm.repeat.skippedDay', {
                  day: format.dayWithWeekday(day.date),
                  reason: form.skipReason(day.code),
                })}
              </ListItem>
            ))}
          </List>
        </>
      )}
    </Alert>
  );
}
