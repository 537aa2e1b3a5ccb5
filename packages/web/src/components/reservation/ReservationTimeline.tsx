import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { shortTime } from '../forms/wireValues.ts';
import { markerPercent } from './timelineMarker.ts';

type ReservationTimelineProps = { startTime: string; endTime: string; currentTime: string | null };

/**
 * A reservation's interval as a bar from start to end, with the current-time marker when the card shows it.
 * Built from MUI primitives: @mui/lab's Timeline has no release that accepts MUI 9.5 as a peer.
 */
export function ReservationTimeline({ startTime, endTime, currentTime }: ReservationTimelineProps) {
  const { t } = useTranslation('application');
  const percent = currentTime === null ? null : markerPercent(startTime, endTime, currentTime);
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {shortTime(startTime)}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {shortTime(endTime)}
        </Typography>
      </Box>
      <Box
        role={percent === null ? undefined : 'meter'}
        aria-label={
          percent === null ? undefined : t('reservationPanel.currentTime', { time: shortTime(currentTime) })
        }
        aria-valuemin={percent === null ? undefined : 0}
        aria-valuemax={percent === null ? undefined : 100}
        aria-valuenow={percent ?? undefined}
        sx={{ position: 'relative', height: 8, borderRadius: 4, bgcolor: 'action.selected', my: 1 }}
      >
        {percent !== null && (
          <>
            <Box
              sx={{
                position: 'absolute',
                left: 0,
                top: 0,
                bottom: 0,
                width: `${percent}%`,
                borderRadius: 4,
                bgcolor: 'primary.light',
              }}
            />
            <Box
              data-testid="current-time-marker"
              sx={{
                position: 'absolute',
                left: `${percent}%`,
                top: -4,
                width: 4,
                height: 16,
                ml: '-2px',
                borderRadius: 1,
                bgcolor: 'primary.main',
              }}
            />
          </>
        )}
      </Box>
      {percent !== null && (
        <Typography variant="caption" color="primary">
          {t('reservationPanel.currentTime', { time: shortTime(currentTime) })}
        </Typography>
      )}
    </Box>
  );
}
