import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { Holiday } from '@parkhere/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { holidayKeys } from '../../api/holidayQueries.ts';
import { operation, type Row } from '../../api/model.ts';
import { reservationKeys } from '../../api/reservationQueries.ts';
import { useDialogs } from '../../feedback/dialogs.tsx';
import { toast } from '../../feedback/toast.ts';
import { useDateFormat } from '../../i18n/dateLocale.ts';
import { DeleteOutlinedIcon, EditOutlinedIcon } from '../../icons/icons.tsx';
import { HolidayCardImage } from './HolidayCardImage.tsx';
import { HolidayEditDialog } from './HolidayEditDialog.tsx';
import { isHolidayDeletable } from './holidayForm.ts';

export type HolidayRow = Row & Partial<Holiday>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

type HolidayCardProps = {
  holiday: HolidayRow;
  /** The palm's source from holidayImageSource, shared by every card of the page. */
  image: string;
};

/**
 * One holiday under the palm image (the Holidays page and the dashboard alike): its dates and owner; Edit and
 * Delete (behind a confirmation) unless isNotDeletable (SPEC §4, §2.8 "edit holidays as cards").
 */
export function HolidayCard({ holiday, image }: HolidayCardProps) {
  const { t } = useTranslation('application');
  const dialogs = useDialogs();
  const format = useDateFormat();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const start = format.dayWithWeekday(text(holiday.startDate));
  const end = format.dayWithWeekday(text(holiday.endDate));
  const days = start === end ? start : `${start} – ${end}`;
  // A holiday changes the holiday list and, deleting reservations, the reservation panel.
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: holidayKeys.list });
    void queryClient.invalidateQueries({ queryKey: reservationKeys.panel });
  };
  const remove = async () => {
    if (!(await dialogs.confirm({ message: t('holidays.confirmDelete') }))) {
      return;
    }
    await operation('Holiday', 'deleteHoliday', undefined, holiday);
    toast.success(t('reservationPanel.holidayDeleted'));
    reload();
  };
  return (
    <Card
      variant="outlined"
      data-testid="holiday-card"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <HolidayCardImage image={image} />
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="h6" component="h3">
          {days}
        </Typography>
        {text(holiday.userName) !== '' && (
          <Typography color="text.secondary">{text(holiday.userName)}</Typography>
        )}
      </CardContent>
      {isHolidayDeletable(holiday) && (
        <CardActions>
          {/* Each named with its days after the word it shows (WCAG 2.5.3): many cards have a "Delete". */}
          <Button
            startIcon={<EditOutlinedIcon />}
            aria-label={t('holidays.actionOf.edit', { days })}
            onClick={() => setEditing(true)}
          >
            {t('reservationPanel.action.edit')}
          </Button>
          <Button
            color="error"
            startIcon={<DeleteOutlinedIcon />}
            aria-label={t('holidays.actionOf.delete', { days })}
            // The error pipeline has told the user of a refusal.
            onClick={() => void remove().catch(() => undefined)}
          >
            {t('dataTable.delete')}
          </Button>
        </CardActions>
      )}
      {editing && (
        <HolidayEditDialog
          holiday={holiday}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            toast.success(t('holidays.modified'));
            reload();
          }}
        />
      )}
    </Card>
  );
}
