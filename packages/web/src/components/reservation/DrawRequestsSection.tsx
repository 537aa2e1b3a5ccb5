import CasinoOutlinedIcon from '@mui/icons-material/CasinoOutlined';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { reservationFormSetupQuery } from '../../api/reservationQueries.ts';
import { useDateFormat } from '../../i18n/dateLocale.ts';
import { screenPath } from '../../screens/screens.ts';
import { shortTime } from '../forms/wireValues.ts';
import { ScreenLink } from '../layout/ScreenLink.tsx';
import { cutoffOf, type DrawRequestRow, drawOutcomeText, isWithdrawable } from './drawRequestText.ts';
import { RequestDayLine } from './RequestDayLine.tsx';
import { calendarOfTemplate } from './reservationDraft.ts';
import { useWallClock } from './useWallClock.ts';

export type { DrawRequestRow } from './drawRequestText.ts';

type DrawRequestsSectionProps = {
  requests: readonly DrawRequestRow[];
  onWithdraw(request: DrawRequestRow): void;
  /** The request whose withdrawal is under way. */
  withdrawing: string | null;
};

/**
 * The user's requests of the fair draw on the dashboard: day, time, garage, status, what became of each (a
 * won slot, a place on the waitlist), and Withdraw until the cut-off, after which a line says why it is gone.
 */
export function DrawRequestsSection({ requests, onWithdraw, withdrawing }: DrawRequestsSectionProps) {
  const { t } = useTranslation('application');
  const format = useDateFormat();
  // Re-rendered each minute, so Withdraw goes at the cut-off; the working calendar is the form's template's.
  useWallClock();
  const setup = useQuery(reservationFormSetupQuery());
  const calendar = calendarOfTemplate(setup.data?.template ?? null);
  const now = new Date();
  return (
    <Paper component="section" variant="outlined" aria-labelledby="draw-requests-title" sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <CasinoOutlinedIcon color="action" aria-hidden />
        <Typography id="draw-requests-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('reservationPanel.draw.title')}
        </Typography>
        <ScreenLink to={screenPath('drawGuide')}>{t('reservationPanel.draw.guide')}</ScreenLink>
      </Stack>
      <List disablePadding>
        {requests.map((request) => {
          const time = `${shortTime(request.startTime)}–${shortTime(request.endTime)}`;
          const cutoff = cutoffOf(request, calendar);
          const withdrawable = isWithdrawable(request, cutoff, now);
          const outcome = drawOutcomeText(
            request,
            {
              withdrawable,
              cutoffText: cutoff === null ? null : `${format.dayWithWeekday(cutoff.day)} ${cutoff.time}`,
            },
            t,
          );
          return (
            <ListItem
              key={request.__signedIdentifier}
              divider
              disableGutters
              data-testid="draw-request"
              sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
            >
              <Stack sx={{ flexGrow: 1, minWidth: 0 }}>
                <RequestDayLine date={request.date} time={time} reservationType={request.reservationType} />
                <Typography variant="body2" color="text.secondary">
                  {request.parkingGarageName ?? ''}
                  {request.preferredSlotName ? ` · ${request.preferredSlotName}` : ''}
                </Typography>
                {outcome && (
                  <Typography variant="body2" data-testid="draw-outcome">
                    {outcome}
                  </Typography>
                )}
              </Stack>
              <Typography variant="body2" sx={{ fontWeight: 700 }}>
                {request.drawStatus ? t(`enumeration.DrawStatus.${request.drawStatus}`) : ''}
              </Typography>
              {withdrawable && (
                <Button
                  size="small"
                  color="inherit"
                  disabled={withdrawing === request.__signedIdentifier}
                  aria-label={t('reservationPanel.draw.withdrawLabel', { date: request.date ?? '', time })}
                  onClick={() => onWithdraw(request)}
                >
                  {t('reservationPanel.draw.withdraw')}
                </Button>
              )}
            </ListItem>
          );
        })}
      </List>
    </Paper>
  );
}
