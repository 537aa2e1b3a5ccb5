import Grid from '@mui/material/Grid';
import type { Row } from '../../api/model.ts';
import { usePrincipal } from '../../auth/principal.tsx';
import { PickersProvider } from '../../components/forms/PickersProvider.tsx';
import { HolidayForm } from '../../components/holiday/HolidayForm.tsx';
import { StagedReveal } from '../../components/layout/StagedReveal.tsx';
import { FORM_STAGES, ReservationForm } from '../../components/reservation/ReservationForm.tsx';

/**
 * The reservation and holiday inputs of the reservations panel: an administrator picks any user and is held
 * to none of the user restrictions (SPEC §6), which the server decides from the actor.
 */
export default function AdminInputForms({
  onCreated,
  onReserved,
}: {
  /** A reservation or a holiday was saved: the tables read again. */
  onCreated(): void;
  /** The reservations a booking made, as the server answered them. */
  onReserved(created: Row[]): void;
}) {
  const principal = usePrincipal();
  return (
    <PickersProvider>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <StagedReveal stages={FORM_STAGES}>
            <ReservationForm
              isAdmin
              principalEmail={principal.email}
              onCreated={(created) => {
                onCreated();
                onReserved(created);
              }}
            />
          </StagedReveal>
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <HolidayForm isAdministrator onSaved={onCreated} />
        </Grid>
      </Grid>
    </PickersProvider>
  );
}
