import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAccessPoint, list, operation, type Row } from '../../api/model.ts';
import { ofType, queryKeys } from '../../api/queryKeys.ts';
import { PageTitle } from '../../components/layout/PageTitle.tsx';
import { toast } from '../../feedback/toast.ts';
import { useDateFormat } from '../../i18n/dateLocale.ts';
import { AddIcon, PrintOutlinedIcon, RefreshIcon } from '../../icons/icons.tsx';
import { usePageTitle } from '../../navigation/NavigationProvider.tsx';
import { ArrivalRows } from './ArrivalRows.tsx';
import { arrivalsMatching, arrivalsOrder, looksLikePlate } from './arrivalsOrder.ts';
import { PRINT_STYLES } from './printStyles.ts';
import { WalkInDialog } from './WalkInDialog.tsx';

export const ARRIVALS_REFRESH_MS = 30_000;

const ARRIVAL_MASK =
  '{date,startTime,endTime,reserverName,reserverCarId,parkingSlotInformation,reservationType,reservationStatus,isGuest,currentTime,checkInRequired,checkedInAt,checkedInTime,checkInOpensAt,checkInClosesAt,isCheckInOpen}';
const EXPECTED_OWNER_MASK = '{ownerName,ownerCarPlate,parkingSlotInformation,startTime,endTime}';
const ARRIVALS_KEY = queryKeys.screen('doormanArrivals', 'arrivals');
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** `at`: when the server answered, on the configured zone's wall clock (`HH:mm:ss`). */
type Arrivals = { panel: Row; date: string; garages: string[]; rows: Row[]; at: string };

/**
 * [Pools] An assigned slot's owner who comes today without a booking, as a row of the arrivals: their name,
 * plate, slot and working hours; no reservation type and no check-in of its own (`isAssignedSlotOwner`).
 */
const expectedOwnerRow = (owner: Row): Row => ({
  __identifier: `owner-${text(owner.__identifier)}`,
  reserverName: owner.ownerName,
  reserverCarId: owner.ownerCarPlate,
  parkingSlotInformation: owner.parkingSlotInformation,
  startTime: owner.startTime,
  endTime: owner.endTime,
  isAssignedSlotOwner: true,
});

async function loadArrivals(): Promise<Arrivals> {
  const panel = await getAccessPoint('doormanArrivals', { _mask: '{date,currentTime}' });
  const owner = panel.__signedIdentifier ?? '';
  const [arrivals, owners, garages] = await Promise.all([
    list({ kind: 'relation', type: 'DoormanArrivals', relation: 'arrivals', owner }, { _mask: ARRIVAL_MASK }),
    list(
      { kind: 'relation', type: 'DoormanArrivals', relation: 'expectedOwners', owner },
      { _mask: EXPECTED_OWNER_MASK },
    ),
    list({ kind: 'relation', type: 'DoormanArrivals', relation: 'garages', owner }, { _mask: '{name}' }),
  ]);
  return {
    panel,
    date: text(panel.date),
    garages: garages.items.map((garage) => text(garage.name)),
    rows: arrivalsOrder([...arrivals.items, ...owners.items.map(expectedOwnerRow)]),
    at: text(panel.currentTime),
  };
}

/**
 * Arrivals for doormen (DESIGN §1): today's reservations in their garages, the open check-in windows first,
 * searchable by plate or name, refreshed and printable; cards on a phone.
 */
export default function ArrivalsPage() {
  const { t } = useTranslation('application');
  const format = useDateFormat();
  const title = t('page.arrivals');
  usePageTitle(title);
  // Refreshed on a timer even while the tab is hidden, and when the doorman comes back to it: the printout on
  // the desk and the check-in states stay current. The rows stay while a refresh loads, so the scroll stays.
  const query = useQuery({
    queryKey: ARRIVALS_KEY,
    queryFn: loadArrivals,
    refetchInterval: ARRIVALS_REFRESH_MS,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: true,
  });
  const arrivals = query.data ?? null;
  // What the doorman typed at the gate: a plate or a name (issue 31 §3).
  const [typed, setTyped] = useState('');
  const shown = arrivals === null ? [] : arrivalsMatching(arrivals.rows, typed);
  const noMatch =
    arrivals === null || typed.trim() === '' || shown.length > 0
      ? null
      : looksLikePlate(typed)
        ? t('adminViews.arrivals.noPlate', { plate: typed.trim().toUpperCase() })
        : t('adminViews.arrivals.noName', { name: typed.trim() });
  // The walk-in dialog, open with the plate the search found nobody for (or none).
  const [walkIn, setWalkIn] = useState<{ plate: string } | null>(null);
  const failed = query.isError;
  const queryClient = useQueryClient();
  const markArrived = useMutation({
    mutationFn: (row: Row) => operation('UserReservation', 'checkIn', undefined, row),
    onSuccess: (_answer, row) =>
      toast.success(t('adminViews.arrivals.arrived', { name: text(row.reserverName) })),
    // Refused or not, the row shows what the server now says (the window may have closed meanwhile).
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ARRIVALS_KEY });
      void queryClient.invalidateQueries({ queryKey: ofType('UserReservation') });
    },
  });

  return (
    <Stack spacing={2}>
      <GlobalStyles styles={PRINT_STYLES} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <PageTitle sx={{ flexGrow: 1 }}>
          {arrivals === null || arrivals.date === ''
            ? title
            : t('adminViews.arrivals.today', { date: format.dayWithWeekday(arrivals.date) })}
        </PageTitle>
        <Box className="no-print" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setWalkIn({ plate: '' })}>
            {t('adminViews.arrivals.walkIn.open')}
          </Button>
          <Button startIcon={<RefreshIcon />} onClick={() => void query.refetch()}>
            {t('adminViews.arrivals.refresh')}
          </Button>
          <Button variant="contained" startIcon={<PrintOutlinedIcon />} onClick={() => window.print()}>
            {t('adminViews.arrivals.print')}
          </Button>
        </Box>
      </Box>
      {arrivals !== null && arrivals.garages.length > 0 && (
        <Typography color="text.secondary">
          {t('adminViews.arrivals.garages', { names: arrivals.garages.join(', ') })}
        </Typography>
      )}
      {failed && <Alert severity="error">{t('dataTable.loadFailed')}</Alert>}
      {arrivals !== null && (
        <TextField
          className="no-print"
          type="search"
          label={t('adminViews.arrivals.search')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          slotProps={{ htmlInput: { autoCapitalize: 'characters', autoComplete: 'off', spellCheck: false } }}
          sx={{ maxWidth: { sm: 360 } }}
        />
      )}
      {arrivals !== null && noMatch !== null && (
        <Alert
          severity="info"
          // The sentence alone is announced, not the button beside it.
          role="none"
          action={
            looksLikePlate(typed) ? (
              <Button color="inherit" onClick={() => setWalkIn({ plate: typed.trim().toUpperCase() })}>
                {t('adminViews.arrivals.walkIn.fromSearch')}
              </Button>
            ) : undefined
          }
        >
          <span role="status">{noMatch}</span>
        </Alert>
      )}
      {arrivals !== null && walkIn !== null && (
        <WalkInDialog
          panel={arrivals.panel}
          plate={walkIn.plate}
          onClose={() => setWalkIn(null)}
          onRecorded={() => {
            setWalkIn(null);
            setTyped('');
            void queryClient.invalidateQueries({ queryKey: ARRIVALS_KEY });
          }}
        />
      )}
      {arrivals !== null && noMatch === null && (
        <ArrivalRows
          rows={shown}
          label={title}
          empty={t('adminViews.arrivals.none')}
          pending={markArrived.isPending ? markArrived.variables : undefined}
          onArrived={(row) => markArrived.mutate(row)}
        />
      )}
      {arrivals !== null && (
        <Typography variant="caption" color="text.secondary" className="no-print">
          {t('adminViews.arrivals.refreshed', {
            time: arrivals.at,
          })}
        </Typography>
      )}
    </Stack>
  );
}
