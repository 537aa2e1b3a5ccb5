import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Spinner } from '../feedback/Spinner.tsx';
import { useNavigationActions, usePageTitle } from '../navigation/NavigationProvider.tsx';

/** Only paths of this app are followed, so the page can't be used to send users elsewhere. */
function internalTarget(to: string | null): string | undefined {
  if (!to?.startsWith('/') || to.startsWith('//')) {
    return undefined;
  }
  return to;
}

/** `_redirect?to=/path`: a wait page that forwards to a page of the app (e.g. from a link in a mail). */
export default function RedirectPage() {
  const { t } = useTranslation('application');
  const [params] = useSearchParams();
  const { navigate } = useNavigationActions();
  const target = internalTarget(params.get('to'));
  usePageTitle(t('page.redirect'));

  useEffect(() => {
    if (target) {
      navigate(target, { replace: true });
    }
  }, [navigate, target]);

  if (!target) {
    return <Alert severity="error">{t('redirect.failed')}</Alert>;
  }
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 4 }}>
      <Spinner size={24} />
      <Typography>{t('redirect.wait')}</Typography>
    </Box>
  );
}
