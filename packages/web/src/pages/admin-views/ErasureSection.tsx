import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { operation, type Row } from '../../api/model.ts';
import { useDialogs } from '../../feedback/dialogs.tsx';
import { toast } from '../../feedback/toast.ts';
import { ViewSection } from '../ViewPage.tsx';

/**
 * The Erasure section of a deactivated user's view (UserSettings.anonymise): the button asks first, saying it cannot be
 * undone; an anonymised user shows that they are. Nothing for an active user: only leavers are erased.
 */
export function ErasureSection({ user, reload }: { user: Row; reload: () => Promise<void> }) {
  const { t } = useTranslation('application');
  const dialogs = useDialogs();
  const [busy, setBusy] = useState(false);
  if (user.isAnonymised === true) {
    return (
      <ViewSection title={t('adminViews.user.erasure.title')}>
        <Alert severity="info">{t('adminViews.user.erasure.anonymised')}</Alert>
      </ViewSection>
    );
  }
  const anonymise = async () => {
    const confirmed = await dialogs.confirm({
      title: t('adminViews.user.erasure.confirmTitle', { name: String(user.name ?? '') }),
      message: t('adminViews.user.erasure.confirm'),
    });
    if (!confirmed) {
      return;
    }
    setBusy(true);
    try {
      await operation('UserSettings', 'anonymise', undefined, user);
      toast.success(t('adminViews.user.erasure.done'));
    } finally {
      setBusy(false);
      await reload();
    }
  };
  return (
    <ViewSection title={t('adminViews.user.erasure.title')}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="warning">{t('adminViews.user.erasure.explain')}</Alert>
        <Button variant="outlined" color="error" disabled={busy} onClick={() => void anonymise()}>
          {t('adminViews.user.erasure.action')}
        </Button>
      </Stack>
    </ViewSection>
  );
}
