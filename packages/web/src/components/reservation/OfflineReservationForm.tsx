import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The reservation form's place while the server cannot be reached: nothing could be booked, so it says so
 * instead of offering fields whose choices (cars, free slots) only the server knows.
 */
export function OfflineReservationForm() {
  const { t } = useTranslation('application');
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} sx={{ p: 3 }} data-testid="reservation-form-offline">
      <Stack spacing={3}>
        <Typography id={titleId} variant="h5" component="h2">
          {t('reservationForm.title')}
        </Typography>
        <Alert severity="info">{t('reservationForm.offline')}</Alert>
      </Stack>
    </Paper>
  );
}
