import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../i18n/dateLocale.ts';

/** A request's day and times with its type, as the waitlist and the draw requests list them. */
export function RequestDayLine({
  date,
  time,
  reservationType,
}: {
  date: string | null | undefined;
  time: string;
  reservationType: string | null | undefined;
}) {
  const { t } = useTranslation('application');
  const format = useDateFormat();
  return (
    <Typography variant="subtitle2" component="p">
      {format.dayWithWeekday(date)} · {time}
      {reservationType && (
        // A span: the chip sits inside the line's paragraph, where a div is not allowed.
        <Chip
          component="span"
          size="small"
          sx={{ ml: 1 }}
          label={t(`enumeration.ReservationType.${reservationType}`)}
        />
      )}
    </Typography>
  );
}
