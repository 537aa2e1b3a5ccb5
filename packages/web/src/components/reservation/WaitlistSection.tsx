import HourglassEmptyOutlinedIcon from '@mui/icons-material/HourglassEmptyOutlined';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { RequestDayLine } from './RequestDayLine.tsx';
import { positionText, type WaitlistRow, waitlistGarageText, waitlistTimeText } from './waitlistText.ts';

type WaitlistSectionProps = {
  entries: readonly WaitlistRow[];
  onLeave(entry: WaitlistRow): void;
  /** The entry whose leave is under way. */
  leaving: string | null;
};

/** The user's waitlist on the dashboard, beside the reservations: where each entry stands, and Leave. */
export function WaitlistSection({ entries, onLeave, leaving }: WaitlistSectionProps) {
  const { t } = useTranslation('application');
  return (
    <Paper component="section" variant="outlined" aria-labelledby="waitlist-title" sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <HourglassEmptyOutlinedIcon color="action" aria-hidden />
        <Typography id="waitlist-title" variant="h6" component="h2">
          {t('reservationPanel.waitlist.title')}
        </Typography>
      </Stack>
      <List disablePadding>
        {entries.map((entry) => {
          const position = positionText(entry.position, t);
          const time = waitlistTimeText(entry);
          return (
            <ListItem
              key={entry.__signedIdentifier}
              divider
              disableGutters
              data-testid="waitlist-entry"
              sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
            >
              <Stack sx={{ flexGrow: 1, minWidth: 0 }}>
                <RequestDayLine date={entry.date} time={time} reservationType={entry.reservationType} />
                <Typography variant="body2" color="text.secondary">
                  {waitlistGarageText(entry, t)}
                  {entry.guestName ? ` · ${entry.guestName}` : ''}
                </Typography>
              </Stack>
              <Typography variant="body2" sx={{ fontWeight: 700 }}>
                {position ??
                  (entry.waitlistStatus ? t(`enumeration.WaitlistStatus.${entry.waitlistStatus}`) : '')}
              </Typography>
              <Button
                size="small"
                color="inherit"
                disabled={leaving === entry.__signedIdentifier}
                aria-label={t('reservationPanel.waitlist.leaveLabel', { date: entry.date ?? '', time })}
                onClick={() => onLeave(entry)}
              >
                {t('reservationPanel.waitlist.leave')}
              </Button>
            </ListItem>
          );
        })}
      </List>
    </Paper>
  );
}
