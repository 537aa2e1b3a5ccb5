import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { userHolidaysQuery } from '../../api/holidayQueries.ts';
import { usePrincipal } from '../../auth/principal.tsx';
import { PickersProvider } from '../../components/forms/PickersProvider.tsx';
import { HolidayCard } from '../../components/holiday/HolidayCard.tsx';
import { HolidayForm } from '../../components/holiday/HolidayForm.tsx';
import { holidayImageQuery, palmFallback } from '../../components/holiday/holidayImage.ts';
import { PageTitle } from '../../components/layout/PageTitle.tsx';
import { RelatedPages } from '../../components/relations/RelatedPages.tsx';
import { usePageTitle } from '../../navigation/NavigationProvider.tsx';
import { usePageTitleKey } from '../usePageTitleKey.ts';

/** Services/Actor/UserHolidays/AccessViewPage: the user's holidays as cards, and a new one. */
export default function HolidaysPage() {
  const { t } = useTranslation('application');
  const title = t(usePageTitleKey());
  usePageTitle(title);
  const principal = usePrincipal();
  const panel = useQuery(userHolidaysQuery());
  const holidays = panel.data?.holidays ?? [];
  // Fetched only once there is a card to show it on; the module keeps it for the page load, so the
  // dashboard and this page download it once between them.
  const image = useQuery({ ...holidayImageQuery(panel.data?.holidayImage), enabled: holidays.length > 0 });

  // The pickers of the form and of a card's edit dialog.
  return (
    <PickersProvider>
      <Stack spacing={3}>
        <PageTitle>{title}</PageTitle>
        {/* A card like the reservation form's, as wide as a form reads well rather than the whole page. */}
        <Paper sx={{ p: 3, maxWidth: 720 }}>
          <HolidayForm isAdministrator={principal.isAdministrator} />
        </Paper>
        <Box component="section" aria-label={t('holidays.listTitle')}>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('holidays.listTitle')}
          </Typography>
          {holidays.length === 0 ? (
            <Typography color="text.secondary">{t('holidays.none')}</Typography>
          ) : (
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                // SPEC §9: 3 columns on large screens, 2 on medium.
                gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
              }}
            >
              {holidays.map((holiday) => (
                <HolidayCard
                  key={holiday.__identifier ?? holiday.__signedIdentifier}
                  holiday={holiday}
                  image={image.data ?? palmFallback}
                />
              ))}
            </Box>
          )}
        </Box>
        <RelatedPages type="HolidayPanel" accessPoint="userHolidays" />
      </Stack>
    </PickersProvider>
  );
}
