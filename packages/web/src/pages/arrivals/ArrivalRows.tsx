import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/model.ts';
import { HeaderRow } from '../../components/data-table/HeaderRow.tsx';
import { usePhoneWidth } from '../../components/data-table/phoneWidth.ts';
import {
  arrivalCheckInText,
  type CheckInAttributes,
  checkInStateOf,
} from '../../components/reservation/checkInState.ts';
import { HowToRegOutlinedIcon } from '../../icons/icons.tsx';
import { urgencyOf } from './arrivalsOrder.ts';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const hhmm = (value: unknown): string => text(value).slice(0, 5);

export type ArrivalRowsProps = {
  rows: readonly Row[];
  /** Names the table (or the list of cards on a phone). */
  label: string;
  /** Shown in place of rows when there is none. */
  empty: string;
  /** The row whose arrival is being stored: its button waits. */
  pending: Row | undefined;
  onArrived: (row: Row) => void;
};

/** What every row says, as data attributes the tests and the print read, and its key. */
const rowData = (row: Row) => {
  const owner = row.isAssignedSlotOwner === true;
  return {
    key: text(row.__identifier) || text(row.__signedIdentifier),
    'data-guest': row.isGuest === true,
    'data-check-in': owner ? 'assigned' : checkInStateOf(row as CheckInAttributes).kind,
    'data-urgency': urgencyOf(row),
  };
};

/** The type column: the reservation's type, or that an assigned slot's owner comes on their own slot. */
function TypeText({ row }: { row: Row }) {
  const { t } = useTranslation('application');
  return row.isAssignedSlotOwner === true
    ? t('adminViews.arrivals.assignedSlot')
    : t(`enumeration.ReservationType.${text(row.reservationType)}`, {
        defaultValue: text(row.reservationType),
      });
}

/** The check-in state, and the arrival button while the window is open. */
function CheckInCell({
  row,
  pending,
  onArrived,
  large,
}: { row: Row; large?: boolean } & Omit<ArrivalRowsProps, 'rows' | 'label' | 'empty'>) {
  const { t } = useTranslation('application');
  if (row.isAssignedSlotOwner === true) {
    return <span>{t('adminViews.arrivals.noBooking')}</span>;
  }
  const checkIn = checkInStateOf(row as CheckInAttributes);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <span>{arrivalCheckInText(checkIn, t)}</span>
      {checkIn.kind === 'pending' && checkIn.open && (
        <Button
          className="no-print"
          size={large === true ? 'large' : 'small'}
          variant={large === true ? 'contained' : 'outlined'}
          startIcon={<HowToRegOutlinedIcon />}
          disabled={pending === row}
          aria-label={t('adminViews.arrivals.markArrivedLabel', { name: text(row.reserverName) })}
          onClick={() => onArrived(row)}
          sx={large === true ? { minHeight: 48, flexShrink: 0 } : {}}
        >
          {t('adminViews.arrivals.markArrived')}
        </Button>
      )}
    </Box>
  );
}

function GuestChip({ row }: { row: Row }) {
  const { t } = useTranslation('application');
  return row.isGuest === true ? (
    <Chip size="small" color="secondary" label={t('adminViews.arrivals.guest')} sx={{ ml: 1 }} />
  ) : null;
}

/**
 * A phone's arrivals (issue 31 §3): one card a row, the plate large beside the arrival button, so the doorman
 * at the gate reads the plate and taps once; who, when and where under it.
 */
function ArrivalCards({ rows, label, empty, ...actions }: ArrivalRowsProps) {
  return (
    <Stack component="ul" spacing={1} aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {rows.length === 0 && (
        <Typography component="li" align="center" sx={{ py: 4 }}>
          {empty}
        </Typography>
      )}
      {rows.map((row) => {
        const { key, ...data } = rowData(row);
        return (
          <Paper
            key={key}
            component="li"
            variant="outlined"
            data-testid="arrival-card"
            {...data}
            sx={{ p: 1.5 }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
              <Typography
                component="p"
                sx={{
                  fontFamily: 'monospace',
                  fontWeight: 700,
                  fontSize: '1.5rem',
                  overflowWrap: 'anywhere',
                }}
              >
                {text(row.reserverCarId)}
              </Typography>
              <Typography component="p" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                {hhmm(row.startTime)}–{hhmm(row.endTime)}
              </Typography>
            </Box>
            <Typography component="p">
              {text(row.reserverName)}
              <GuestChip row={row} />
            </Typography>
            <Typography component="p" variant="body2" color="text.secondary">
              {text(row.parkingSlotInformation)} · <TypeText row={row} />
            </Typography>
            <Box sx={{ mt: 1 }}>
              <CheckInCell row={row} large {...actions} />
            </Box>
          </Paper>
        );
      })}
    </Stack>
  );
}

/** The desk's arrivals: a table, also what the printout shows. */
function ArrivalTable({ rows, label, empty, ...actions }: ArrivalRowsProps) {
  const { t } = useTranslation('application');
  return (
    // Focusable and named: a keyboard user scrolls a table wider than the screen (WCAG 2.1.1).
    <TableContainer component={Paper} variant="outlined" tabIndex={0} aria-label={label}>
      <Table size="small" aria-label={label}>
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
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={6} align="center" sx={{ py: 4 }}>
                {empty}
              </TableCell>
            </TableRow>
          )}
          {rows.map((row) => {
            const { key, ...data } = rowData(row);
            return (
              <TableRow key={key} {...data}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {hhmm(row.startTime)}–{hhmm(row.endTime)}
                </TableCell>
                <TableCell>
                  {text(row.reserverName)} <GuestChip row={row} />
                </TableCell>
                <TableCell sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
                  {text(row.reserverCarId)}
                </TableCell>
                <TableCell>{text(row.parkingSlotInformation)}</TableCell>
                <TableCell>
                  <TypeText row={row} />
                </TableCell>
                <TableCell>
                  <CheckInCell row={row} {...actions} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The arrivals as a table on a desk, as cards on a phone (below 600 px). */
export function ArrivalRows(props: ArrivalRowsProps) {
  return usePhoneWidth() ? <ArrivalCards {...props} /> : <ArrivalTable {...props} />;
}
