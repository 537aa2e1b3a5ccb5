import Grid from '@mui/material/Grid';
import { usePrincipal } from '../../auth/principal.tsx';
import { PickersProvider } from '../../components/forms/PickersProvider.tsx';
import { ReservationForm } from '../../components/reservation/ReservationForm.tsx';
import { ReservationPanel } from '../../components/reservation/ReservationPanel.tsx';

/** The reservation input form beside the user reservation panel; a create invalidates the panel's answer. */
export default function DashboardContent() {
  const principal = usePrincipal();
  return (
    <PickersProvider>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 5 }}>
          <ReservationForm isAdmin={principal.isAdministrator} principalEmail={principal.email} />
        </Grid>
        <Grid size={{ xs: 12, lg: 7 }}>
          <ReservationPanel />
        </Grid>
      </Grid>
    </PickersProvider>
  );
}
