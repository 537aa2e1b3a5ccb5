import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { calendarFeedQuery, changeCalendarFeed, profileKeys } from '../../api/profileQueries.ts';
import { useDialogs } from '../../feedback/dialogs.tsx';
import { toast } from '../../feedback/toast.ts';
import { ContentCopyOutlinedIcon } from '../../icons/icons.tsx';
import { ViewSection } from '../ViewPage.tsx';

/**
 * The personal calendar feed: a secret address calendar clients subscribe to (no sign-in). Shown with a copy
 * button while on; a reset gives a new address and the old one stops working at once, e.g. after it leaked.
 */
export function CalendarFeedSection() {
  const { t } = useTranslation('application');
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const feed = useQuery(calendarFeedQuery()).data;
  const change = useMutation({
    mutationFn: changeCalendarFeed,
    onSuccess: (state) => queryClient.setQueryData(profileKeys.calendarFeed, state),
  });

  const run = async (kind: 'enable' | 'reset' | 'disable') => {
    if (
      kind !== 'enable' &&
      !(await dialogs.confirm({ message: t(`profileSettings.calendarFeed.confirm.${kind}`) }))
    ) {
      return;
    }
    try {
      await change.mutateAsync(kind);
      if (kind === 'reset') {
        toast.success(t('profileSettings.calendarFeed.resetDone'));
      }
    } catch {
      // The error pipeline has told the user.
    }
  };

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('profileSettings.calendarFeed.copied'));
    } catch {
      // No clipboard (an insecure origin, a refused permission): the field is selectable by hand.
      toast.error(t('profileSettings.calendarFeed.copyFailed'));
    }
  };

  return (
    <ViewSection title={t('profileSettings.calendarFeed.title')}>
      {feed !== undefined && (
        <Stack spacing={2} data-testid="calendar-feed">
          <Typography variant="body2" color="text.secondary">
            {t('profileSettings.calendarFeed.hint')}
          </Typography>
          {feed.url === null ? (
            <div>
              <Button variant="contained" disabled={change.isPending} onClick={() => void run('enable')}>
                {t('profileSettings.calendarFeed.enable')}
              </Button>
            </div>
          ) : (
            <>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                sx={{ alignItems: { sm: 'center' } }}
              >
                <TextField
                  label={t('profileSettings.calendarFeed.address')}
                  value={feed.url}
                  fullWidth
                  slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'calendar-feed-url' } }}
                  onFocus={(event) => event.target.select()}
                />
                <Button
                  variant="outlined"
                  startIcon={<ContentCopyOutlinedIcon />}
                  onClick={() => void copy(feed.url ?? '')}
                  sx={{ flexShrink: 0 }}
                >
                  {t('profileSettings.calendarFeed.copy')}
                </Button>
              </Stack>
              <Stack direction="row" spacing={1}>
                <Button variant="outlined" disabled={change.isPending} onClick={() => void run('reset')}>
                  {t('profileSettings.calendarFeed.reset')}
                </Button>
                <Button color="error" disabled={change.isPending} onClick={() => void run('disable')}>
                  {t('profileSettings.calendarFeed.disable')}
                </Button>
              </Stack>
            </>
          )}
        </Stack>
      )}
    </ViewSection>
  );
}
