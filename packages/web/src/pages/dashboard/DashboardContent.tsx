import Grid from '@mui/material/Grid';
import { useState } from 'react';
import { usePrincipal } from '../../auth/principal.tsx';
import { PickersProvider } from '../../components/reservation/PickersProvider.tsx';
import { ReservationForm } from '../../components/reservation/ReservationForm.tsx';
import { ReservationPanel } from '../../components/reservation/ReservationPanel.tsx';

/** The reservation input form beside the user reservation panel; a create refreshes the panel. */
export default function DashboardContent() {
  const principal = usePrincipal();
  const [created, setCreated] = useState(0);
  return (
    <PickersProvider>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 5 }}>
          <ReservationForm
            isAdmin={principal.isAdministrator}
            principalEmail={principal.email}
            onCreated={() => setCreated((value) => value + 1)}
          />
        </Grid>
        <Grid size={{ xs: 12, lg: 7 }}>
          <ReservationPanel refreshKey={created} />
        </Grid>
      </Grid>
    </PickersProvider>
  );
}
