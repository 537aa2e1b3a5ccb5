import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';

/**
 * Says that what is shown is from the last visit and nothing can be saved: because the device has no network,
 * or because the server cannot be reached though it has one.
 */
export default function OfflineBanner({ unreachable }: { unreachable: boolean }) {
  const { t } = useTranslation('system');
  return (
    <Alert severity="warning" role="status" sx={{ mb: 2 }}>
      {t(unreachable ? 'offline.unreachable' : 'offline.notice')}
    </Alert>
  );
}
