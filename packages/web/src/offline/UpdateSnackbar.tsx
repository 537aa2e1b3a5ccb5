import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';

/** "A new version is available — Reload": stays until the user reloads into the new version. */
export default function UpdateSnackbar({ reload }: { reload: () => void }) {
  const { t } = useTranslation('system');
  return (
    <Snackbar
      open
      message={t('offline.updateAvailable')}
      action={
        <Button color="inherit" size="small" onClick={reload}>
          {t('offline.reload')}
        </Button>
      }
    />
  );
}
