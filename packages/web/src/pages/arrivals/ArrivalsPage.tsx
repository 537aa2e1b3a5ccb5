import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import GlobalStyles from '@mui/material/GlobalStyles';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getAccessPoint, list, operation, type Row } from '../../api/model.ts';
import { ofType, queryKeys } from '../../api/queryKeys.ts';
import { HeaderRow } from '../../components/data-table/HeaderRow.tsx';
import { PageTitle } from '../../components/layout/PageTitle.tsx';
import {
  arrivalCheckInText,
  type CheckInAttributes,
  checkInStateOf,
} from '../../components/reservation/checkInState.ts';
import { toast } from '../../feedback/toast.ts';
import { useDateFormat } from '../../i18n/dateLocale.ts';
import { HowToRegOutlinedIcon, PrintOutlinedIcon, RefreshIcon } from '../../icons/icons.tsx';
import { usePageTitle } from '../../navigation/NavigationProvider.tsx';
import { arrivalsOrder } from './arrivalsOrder.ts';
import { PRINT_STYLES } from './printStyles.ts';

export const ARRIVALS_REFRESH_MS = 30_000;

const ARRIVAL_MASK =
  '{date,startTime,endTime,reserverName,reserverCarId,parkingSlotInformation,reservationType,reservationStatus,isGuest,currentTime,checkInRequired,checkedInAt,checkedInTime,checkInOpensAt,checkInClosesAt,isCheckInOpen}';
const EXPECTED_OWNER_MASK = '{ownerName,ownerCarPlate,parkingSlotInformation,startTime,endTime}';
const ARRIVALS_KEY = queryKeys.screen('doormanArrivals', 'arrivals');
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const hhmm = (value: unknown): string => text(value).slice(0, 5);

/** `at`: when the server answered, on the configured zone's wall clock (`HH:mm:ss`). */
type Arrivals = { date: string; garages: string[]; rows: Row[]; at: string };

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
    date: text(panel.date),
    garages: garages.items.map((garage) => text(garage.name)),
    rows: arrivalsOrder([...arrivals.items, ...owners.items.map(expectedOwnerRow)]),
    at: text(panel.currentTime),
  };
}

/** Arrivals for doormen (DESIGN §1): today's reservations in their garages, guests first, refreshed and printable. */
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
        <Box className="no-print" sx={{ display: 'flex', gap: 1 }}>
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
        // Focusable and named: a keyboard user scrolls a table wider than a phone (WCAG 2.1.1).
        <TableContainer component={Paper} variant="outlined" tabIndex={0} aria-label={title}>
          <Table size="small" aria-label={title}>
            <HeaderRow
              titles={[
                t('adminViews.arrivals.time'),
                t('adminViews.arrivals.who'),
                t('adminViews.arrivals.plate'),
                t('adminViews.arrivals.slot'),
                t('adminViews.arrivals.type'),
                t('adminViews.arrivals.checkIn'),
              ]}
            />
            <TableBody>
              {arrivals.rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={6} align="center" sx={{ py: 4 }}>
                    {t('adminViews.arrivals.none')}
                  </TableCell>
                </TableRow>
              )}
              {arrivals.rows.map((row) => {
                const owner = row.isAssignedSlotOwner === true;
                const checkIn = checkInStateOf(row as CheckInAttributes);
                const pending = markArrived.isPending && markArrived.variables === row;
                return (
                  <TableRow
                    key={row.__identifier ?? row.__signedIdentifier}
                    data-guest={row.isGuest === true}
                    data-check-in={owner ? 'assigned' : checkIn.kind}
                  >
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {hhmm(row.startTime)}–{hhmm(row.endTime)}
                    </TableCell>
                    <TableCell>
                      {text(row.reserverName)}{' '}
                      {row.isGuest === true && (
                        <Chip
                          size="small"
                          color="secondary"
                          label={t('adminViews.arrivals.guest')}
                          sx={{ ml: 1 }}
                        />
                      )}
                    </TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
                      {text(row.reserverCarId)}
                    </TableCell>
                    <TableCell>{text(row.parkingSlotInformation)}</TableCell>
                    <TableCell>
                      {owner
                        ? t('adminViews.arrivals.assignedSlot')
                        : t(`enumeration.ReservationType.${text(row.reservationType)}`, {
                            defaultValue: text(row.reservationType),
                          })}
                    </TableCell>
                    <TableCell>
                      {owner ? (
                        t('adminViews.arrivals.noBooking')
                      ) : (
                        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                          <span>{arrivalCheckInText(checkIn, t)}</span>
                          {checkIn.kind === 'pending' && checkIn.open && (
                            <Button
                              className="no-print"
                              size="small"
                              variant="outlined"
                              startIcon={<HowToRegOutlinedIcon />}
                              disabled={pending}
                              aria-label={t('adminViews.arrivals.markArrivedLabel', {
                                name: text(row.reserverName),
                              })}
                              onClick={() => markArrived.mutate(row)}
                            >
                              {t('adminViews.arrivals.markArrived')}
                            </Button>
                          )}
                        </Box>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
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
