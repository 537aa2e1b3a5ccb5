import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAccessPoint, operation, type Row } from '../../api/model.ts';
import { usePrincipal } from '../../auth/principal.tsx';
import { HolidayCard } from '../../components/holiday/HolidayCard.tsx';
import { HolidayForm } from '../../components/holiday/HolidayForm.tsx';
import { holidayImageSource, palmFallback } from '../../components/reservation/holidayImage.ts';
import { PickersProvider } from '../../components/reservation/PickersProvider.tsx';
import { toast } from '../../feedback/toast.ts';
import { usePageTitle } from '../../navigation/NavigationProvider.tsx';
import { usePageTitleKey } from '../usePageTitleKey.ts';

const HOLIDAYS_MASK = '{holidayImage,holidays{startDate,endDate,userName,isNotDeletable}}';

const holidaysOf = (panel: Row): Row[] => (Array.isArray(panel.holidays) ? (panel.holidays as Row[]) : []);

/** Services/Actor/UserHolidays/AccessViewPage: the user's holidays as cards, and a new one. */
export default function HolidaysPage() {
  const { t } = useTranslation('application');
  const title = t(usePageTitleKey());
  usePageTitle(title);
  const principal = usePrincipal();
  const [holidays, setHolidays] = useState<Row[]>([]);
  const [image, setImage] = useState(palmFallback);

  const load = useCallback(async () => {
    try {
      const panel = await getAccessPoint('userHolidays', { _mask: HOLIDAYS_MASK });
      const next = holidaysOf(panel);
      setHolidays(next);
      // Fetched only once there is a card to show it on; the module keeps it for the page load, so the
      // dashboard and this page download it once between them.
      if (next.length > 0) {
        setImage(await holidayImageSource(panel.holidayImage));
      }
    } catch {
      // The error pipeline has told the user.
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const deleteHoliday = async (holiday: Row) => {
    try {
      await operation('Holiday', 'deleteHoliday', undefined, holiday);
      toast.success(t('dataTable.deleted'));
      await load();
    } catch {
      // The error pipeline has told the user.
    }
  };

  return (
    <Stack spacing={3}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <PickersProvider>
          <HolidayForm isAdministrator={principal.isAdministrator} onSaved={() => void load()} />
        </PickersProvider>
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
                image={image}
                onDelete={(chosen) => void deleteHoliday(chosen)}
              />
            ))}
          </Box>
        )}
      </Box>
    </Stack>
  );
}
