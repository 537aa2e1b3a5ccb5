import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { Holiday } from '@parkhere/contract';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/model.ts';
import { useDateFormat } from '../../i18n/dateLocale.ts';
import { isHolidayDeletable } from './cardState.ts';
import { HolidayCardImage } from './HolidayCardImage.tsx';

export type HolidayRow = Row & Partial<Holiday>;

type HolidayCardProps = { holiday: HolidayRow; image: string; onDelete(holiday: HolidayRow): void };

/** A holiday as a card: its dates under the palm image, Delete unless it is not deletable. */
export function HolidayCard({ holiday, image, onDelete }: HolidayCardProps) {
  const { t } = useTranslation('application');
  const format = useDateFormat();
  return (
    <Card variant="outlined" data-testid="holiday-card">
      <HolidayCardImage image={image} />
      <CardContent>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {format.dayWithWeekday(holiday.startDate)} – {format.dayWithWeekday(holiday.endDate)}
        </Typography>
      </CardContent>
      {isHolidayDeletable(holiday) && (
        <CardActions>
          <Button size="small" startIcon={<DeleteOutlineIcon />} onClick={() => onDelete(holiday)}>
            {t('reservationPanel.action.delete')}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}
