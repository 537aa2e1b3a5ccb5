import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { type QueryClient, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import type { Row } from '../../api/model.ts';
import { reservationPanelQuery } from '../../api/reservationQueries.ts';
import { usePrincipal } from '../../auth/principal.tsx';
import { PickersProvider } from '../../components/forms/PickersProvider.tsx';
import { BeforeStage, Stage, StagedReveal } from '../../components/layout/StagedReveal.tsx';
import { RelatedPages } from '../../components/relations/RelatedPages.tsx';
import {
  AssignedSlotSection,
  assignedSlotDaysQuery,
} from '../../components/reservation/AssignedSlotSection.tsx';
import { loadFirstDraft } from '../../components/reservation/firstDraft.ts';
import { panel } from '../../components/reservation/lazyParts.ts';
import { OfflineReservationForm } from '../../components/reservation/OfflineReservationForm.tsx';
import { FORM_STAGES, ReservationForm } from '../../components/reservation/ReservationForm.tsx';
import type { ReservationDraft } from '../../components/reservation/reservationDraft.ts';
import type { PickedDay } from '../../components/reservation/usePickedDay.ts';
import { wallClockNow } from '../../components/reservation/useWallClock.ts';
import { isOnline, useOnline } from '../../offline/onlineStatus.ts';
import { AvailabilityWeek, readWeekViewAhead, useWeeksShown } from './AvailabilityWeek.tsx';

const ReservationPanel = panel.lazy((module) => module.ReservationPanel);

type DashboardData = { firstDraft: ReservationDraft };

/**
 * Everything the dashboard shows first, read in parallel: the form's first draft (with its user's cars and
 * free slots), the panel, and what stands above the panel (the week view, an assigned slot's days). The page
 * waits for it, so form and panel appear once, complete, instead of re-rendering and shifting as each answer
 * arrives. What only the server can answer is not asked while it cannot be reached (its parts are not shown).
 */
async function loadDashboard(
  queryClient: QueryClient,
  principal: { isAdministrator: boolean; email: string },
  weeks: 1 | 2,
): Promise<DashboardData> {
  const now = wallClockNow();
  const [firstDraft] = await Promise.all([
    loadFirstDraft(queryClient, { isAdmin: principal.isAdministrator, principalEmail: principal.email, now }),
    // A failure is the panel's to show.
    queryClient.prefetchQuery(reservationPanelQuery()),
    isOnline() &&
      Promise.all([
        readWeekViewAhead(queryClient, now.date, weeks),
        queryClient.prefetchQuery(assignedSlotDaysQuery({ quiet: true })),
      ]),
  ]);
  return { firstDraft };
}

/** The reservation input form beside the user reservation panel; a create invalidates the panel's answer. */
export default function DashboardContent() {
  const principal = usePrincipal();
  const queryClient = useQueryClient();
  const weeks = useWeeksShown();
  // Kept by the query cache while the page waits (a suspended render keeps no state of its own). Its answers
  // live under their own keys; this one only says the first draft is ready, and each visit starts anew.
  const {
    data: { firstDraft },
  } = useSuspenseQuery({
    queryKey: ['dashboard', principal.email],
    queryFn: () => loadDashboard(queryClient, principal, weeks),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  // A day tapped in the week view, for the form to fill in.
  const [pickedDay, setPickedDay] = useState<PickedDay | null>(null);
  // What Reserve just booked: the panel takes focus to its card (issue 31 §3).
  const [booked, setBooked] = useState<readonly Row[] | null>(null);
  // What Reserve just requested of a draw: the panel takes focus to its line.
  const [requested, setRequested] = useState<readonly Row[] | null>(null);
  // While the server cannot be reached the panel shows the kept copy; what only the server can answer (the
  // form's choices, the week's free slots, an assigned slot's days) is not offered. The form stays mounted,
  // hidden, so what was typed before is still there when the server answers again.
  const online = useOnline();
  return (
    <PickersProvider>
      {/*
        The page's place first, then the form's parts (its mount re-renders it at once, so it comes on its own),
        then the panel (on a phone it is below the fold), then the related pages.
      */}
      <StagedReveal stages={FORM_STAGES + 3}>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, lg: 5 }}>
            <BeforeStage at={2}>
              <Paper aria-busy sx={{ minHeight: '100vh' }} />
            </BeforeStage>
            <Stage at={2}>
              {!online && <OfflineReservationForm />}
              <Box sx={online ? undefined : { display: 'none' }}>
                <ReservationForm
                  // A first draft read while the server could not be reached has no user: the one read once it
                  // answers again starts the form anew.
                  key={firstDraft.user?.__signedIdentifier ?? ''}
                  isAdmin={principal.isAdministrator}
                  principalEmail={principal.email}
                  firstDraft={firstDraft}
                  pickedDay={pickedDay}
                  onCreated={setBooked}
                  onRequested={setRequested}
                />
              </Box>
            </Stage>
          </Grid>
          <Grid size={{ xs: 12, lg: 7 }}>
            <Stage at={FORM_STAGES + 2}>
              <Stack spacing={3}>
                {online && (
                  <>
                    <AvailabilityWeek
                      onPick={(date) => setPickedDay((last) => ({ date, seq: (last?.seq ?? 0) + 1 }))}
                      onPlanChoice={({ date, startTime, endTime, slot }) =>
                        setPickedDay((last) => ({
                          date,
                          seq: (last?.seq ?? 0) + 1,
                          plan: { startTime, endTime, slot },
                        }))
                      }
                    />
                    {/* An assigned slot's owner sees their days first; nobody else sees anything here. */}
                    <AssignedSlotSection />
                  </>
                )}
                <Suspense>
                  <ReservationPanel booked={booked} requested={requested} />
                </Suspense>
              </Stack>
            </Stage>
          </Grid>
        </Grid>
        <Stage at={FORM_STAGES + 3}>
          <Box sx={{ mt: 3 }}>
            <RelatedPages type="UserReservationPanel" accessPoint="userReservationPanel" />
          </Box>
        </Stage>
      </StagedReveal>
    </PickersProvider>
  );
}
