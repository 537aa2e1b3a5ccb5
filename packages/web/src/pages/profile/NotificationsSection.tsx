import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { pushPaths } from '@parkhere/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { send } from '../../api/client.ts';
import { toast } from '../../feedback/toast.ts';
import { type PushStatus, pushStatus, turnPushOff, turnPushOn } from '../../push/webPush.ts';
import { ViewSection } from '../ViewPage.tsx';

/**
 * Notifications on this phone or computer (issue 32, item 4): a switch, whose click alone asks the browser's
 * permission; refused, the section says how to allow it again in the browser; on, a test notification can be
 * sent. Browsers without Web Push (or the app not installed as a worker yet) say so instead of a dead switch.
 */
export function NotificationsSection() {
  const { t } = useTranslation('application');
  const [status, setStatus] = useState<PushStatus | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void pushStatus().then((found) => {
      if (live) {
        setStatus(found);
      }
    });
    return () => {
      live = false;
    };
  }, []);

  const toggle = async (on: boolean) => {
    setBusy(true);
    try {
      if (on) {
        const reached = await turnPushOn();
        setStatus(reached);
        if (reached === 'on') {
          toast.success(t('profileSettings.notifications.turnedOn'));
        }
      } else {
        await turnPushOff();
        setStatus('off');
      }
    } catch {
      // The error pipeline has told the user of a refused call; the browser's own refusal leaves it as it was.
      setStatus(await pushStatus());
    } finally {
      setBusy(false);
    }
  };

  const test = async () => {
    try {
      await send('POST', pushPaths.test);
      toast.success(t('profileSettings.notifications.testSent'));
    } catch {
      // The error pipeline has told the user.
    }
  };

  return (
    <ViewSection title={t('profileSettings.notifications.title')}>
      {status !== null && (
        <Stack spacing={2} data-testid="notifications">
          <Typography variant="body2" color="text.secondary">
            {t('profileSettings.notifications.hint')}
          </Typography>
          {status === 'unsupported' ? (
            <Alert severity="info">{t('profileSettings.notifications.unsupported')}</Alert>
          ) : (
            <>
              <FormControlLabel
                control={
                  <Switch
                    checked={status === 'on'}
                    disabled={busy || status === 'denied'}
                    onChange={(event) => void toggle(event.target.checked)}
                  />
                }
                label={t('profileSettings.notifications.switch')}
              />
              {status === 'denied' && (
                <Alert severity="warning" data-testid="notifications-denied">
                  {t('profileSettings.notifications.denied')}
                </Alert>
              )}
              {status === 'on' && (
                <div>
                  <Button variant="outlined" onClick={() => void test()}>
                    {t('profileSettings.notifications.test')}
                  </Button>
                </div>
              )}
            </>
          )}
        </Stack>
      )}
    </ViewSection>
  );
}
