import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../navigation/NavigationProvider.tsx';
import { usePageTitleKey } from './usePageTitleKey.ts';

/** Stands in for a page another issue delivers: its real title, and no made-up data. */
export default function NotAvailablePage() {
  const { t } = useTranslation('application');
  const title = t(usePageTitleKey());
  usePageTitle(title);
  return (
    <Paper variant="outlined" sx={{ p: 4 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary">{t('page.notAvailable')}</Typography>
    </Paper>
  );
}
