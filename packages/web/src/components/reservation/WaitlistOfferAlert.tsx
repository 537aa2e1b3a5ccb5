import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { ReservationFormState } from './useReservationForm.ts';

/**
 * Where the form would say there is no free slot: the offer to wait for exactly this request, in any of the
 * user's garages or a chosen one (a LONG series is only told there is none); once joined, the place in line.
 */
export function WaitlistOfferAlert({ form, ids }: { form: ReservationFormState; ids: string }) {
  const { t } = useTranslation('application');
  const { offer, garages, garageKey, chooseGarage, join, joined } = form.waitlist;
  if (offer === 'none') {
    return null;
  }
  if (joined !== null) {
    // Joined: the offer becomes the user's place in line ("You are 1st in line"), said where they acted.
    return (
      <Alert severity="success" role="status" data-testid="waitlist-joined">
        {joined.position === null
          ? t('reservationForm.waitlist.waiting')
          : t('reservationForm.waitlist.inLine', { count: joined.position, ordinal: true })}
      </Alert>
    );
  }
  if (offer === 'notForSeries') {
    return (
      <Alert severity="info" role="status">
        {t('reservationForm.waitlist.notForSeries')}
      </Alert>
    );
  }
  return (
    <Alert severity="info" role="status" icon={false} data-testid="waitlist-offer">
      <Stack spacing={2}>
        <span>{t('reservationForm.waitlist.offer')}</span>
        <TextField
          id={`${ids}-waitlistGarage`}
          select
          size="small"
          label={t('reservationForm.waitlist.garage')}
          value={garageKey}
          onChange={(event) => chooseGarage(event.target.value)}
          sx={{ maxWidth: 360, bgcolor: 'background.paper' }}
        >
          <MenuItem value="">{t('reservationForm.waitlist.anyGarage')}</MenuItem>
          {garages.map((garage) => (
            <MenuItem key={garage.__signedIdentifier} value={garage.__signedIdentifier}>
              {garage.name}
            </MenuItem>
          ))}
        </TextField>
        <div>
          <Button variant="outlined" onClick={join} disabled={form.submitting || form.draft.user === null}>
            {t('reservationForm.waitlist.join')}
          </Button>
        </div>
      </Stack>
    </Alert>
  );
}
