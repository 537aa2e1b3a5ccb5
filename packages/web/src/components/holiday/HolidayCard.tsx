import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/model.ts';
import { useDialogs } from '../../feedback/dialogs.tsx';
import { useDateFormat } from '../../i18n/dateLocale.ts';
import { HolidayCardImage } from '../reservation/HolidayCardImage.tsx';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

type HolidayCardProps = {
  holiday: Row;
  /** The palm's source from holidayImageSource, shared by every card of the page. */
  image: string;
  onDelete(holiday: Row): void;
};

/** One holiday under the palm image: its dates and owner; Delete (behind a confirmation) unless isNotDeletable (SPEC §4). */
export function HolidayCard({ holiday, image, onDelete }: HolidayCardProps) {
  const { t } = useTranslation('application');
  const dialogs = useDialogs();
  const format = useDateFormat();
  const start = format.dayWithWeekday(text(holiday.startDate));
  const end = format.dayWithWeekday(text(holiday.endDate));
  return (
    <Card
      variant="outlined"
      data-testid="holiday-card"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <HolidayCardImage image={image} />
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="h6" component="h3">
          {start === end ? start : `${start} – ${end}`}
        </Typography>
        {text(holiday.userName) !== '' && (
          <Typography color="text.secondary">{text(holiday.userName)}</Typography>
        )}
      </CardContent>
      {holiday.isNotDeletable !== true && (
        <CardActions>
          <Button
            color="error"
            startIcon={<DeleteOutlineIcon />}
            onClick={() =>
              void dialogs.confirm({ message: t('holidays.confirmDelete') }).then((confirmed) => {
                if (confirmed) {
                  onDelete(holiday);
                }
              })
            }
          >
            {t('dataTable.delete')}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}
