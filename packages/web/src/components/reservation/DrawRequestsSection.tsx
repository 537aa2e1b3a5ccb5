import CasinoOutlinedIcon from '@mui/icons-material/CasinoOutlined';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/model.ts';
import { shortTime } from '../forms/wireValues.ts';
import { RequestDayLine } from './RequestDayLine.tsx';

/** A request of the fair draw as the dashboard reads it. */
export type DrawRequestRow = Row & {
  date?: string | null;
  startTime?: string | null;
  endTime?: string | null;
  reservationType?: string | null;
  parkingGarageName?: string | null;
  preferredSlotName?: string | null;
  drawStatus?: string | null;
};

type DrawRequestsSectionProps = {
  requests: readonly DrawRequestRow[];
  onWithdraw(request: DrawRequestRow): void;
  /** The request whose withdrawal is under way. */
  withdrawing: string | null;
};

/** The user's requests of the fair draw on the dashboard: day, time, garage, status, and Withdraw while pending. */
export function DrawRequestsSection({ requests, onWithdraw, withdrawing }: DrawRequestsSectionProps) {
  const { t } = useTranslation('application');
  return (
    <Paper component="section" variant="outlined" aria-labelledby="draw-requests-title" sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <CasinoOutlinedIcon color="action" aria-hidden />
        <Typography id="draw-requests-title" variant="h6" component="h2">
          {t('reservationPanel.draw.title')}
        </Typography>
      </Stack>
      <List disablePadding>
        {requests.map((request) => {
          const time = `${shortTime(request.startTime)}–${shortTime(request.endTime)}`;
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
              </Stack>
              <Typography variant="body2" sx={{ fontWeight: 700 }}>
                {request.drawStatus ? t(`enumeration.DrawStatus.${request.drawStatus}`) : ''}
              </Typography>
              {request.drawStatus === 'PENDING' && (
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
