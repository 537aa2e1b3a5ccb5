import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../i18n/dateLocale.ts';
import type { CreatedSummary } from './createdReservations.ts';

type CreatedReservationsAlertProps = {
  summary: CreatedSummary;
  /** Narrows the reservation tables to the user it was made for. */
  onShowOwner(): void;
  onClose(): void;
};

/**
 * What an administrator's booking made, staying until closed: for another user the toast alone said "saved"
 * while nothing of it was in sight (the administrator's own list is not theirs).
 */
export function CreatedReservationsAlert({ summary, onShowOwner, onClose }: CreatedReservationsAlertProps) {
  const { t } = useTranslation('application');
  const format = useDateFormat();
  const days =
    summary.dayCount > 1
      ? t('adminViews.reservations.createdDays', {
          first: format.dayWithWeekday(summary.firstDay),
          last: format.dayWithWeekday(summary.lastDay),
          count: summary.dayCount,
        })
      : format.dayWithWeekday(summary.firstDay);
  return (
    <Alert
      severity="success"
      onClose={onClose}
      data-testid="created-reservations"
      action={
        <Button color="inherit" size="small" onClick={onShowOwner}>
          {t('adminViews.reservations.showOwner', { owner: summary.owner })}
        </Button>
      }
    >
      <AlertTitle>{t('adminViews.reservations.createdFor', { owner: summary.owner })}</AlertTitle>
      {`${summary.slot} · ${days} · ${summary.times}`}
    </Alert>
  );
}
