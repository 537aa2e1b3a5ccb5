import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';

/** Says that what is shown is from the last visit and nothing can be saved. */
export default function OfflineBanner() {
  const { t } = useTranslation('system');
  return (
    <Alert severity="warning" role="status" sx={{ mb: 2 }}>
      {t('offline.notice')}
    </Alert>
  );
}
