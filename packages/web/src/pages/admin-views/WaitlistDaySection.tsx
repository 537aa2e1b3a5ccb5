import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import type { WaitlistEntry } from '@parkhere/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/model.ts';
import type { ColumnSpec } from '../../components/data-table/columns.tsx';
import { RelationTable } from '../../components/data-table/RelationTable.tsx';
import { PickersProvider } from '../../components/forms/PickersProvider.tsx';
import { localDateOfPicker, pickerDateOf } from '../../components/forms/wireValues.ts';
import { useWallClock } from '../../components/reservation/useWallClock.ts';
import { ViewSection } from '../ViewPage.tsx';

const COLUMNS: readonly ColumnSpec<WaitlistEntry>[] = [
  { field: 'position' },
  { field: 'owner', minWidth: 160 },
  { field: 'guestName', minWidth: 140 },
  { field: 'startTime' },
  { field: 'endTime' },
  { field: 'reservationType' },
  { field: 'parkingGarageName', minWidth: 150 },
  { field: 'waitlistStatus' },
  { field: 'parkingSlotInformation', minWidth: 180 },
  { field: 'created' },
];

/**
 * The administrators' waitlist of one day (ReservationsPanel.waitlist, every user's entries), today first: in
 * the order they joined, which is the order they are served in. Loaded lazily with its date picker.
 */
export default function WaitlistDaySection({ panel }: { panel: Row }) {
  const { t } = useTranslation('application');
  const today = useWallClock().date;
  const [date, setDate] = useState<string | null>(null);
  const day = date ?? today;
  return (
    <ViewSection title={t('adminViews.reservations.waitlist')}>
      <Stack spacing={2}>
        <PickersProvider>
          <DatePicker
            label={t('adminViews.reservations.waitlistDate')}
            value={pickerDateOf(day)}
            onChange={(value) => {
              const picked = localDateOfPicker(value);
              if (picked !== null) {
                setDate(picked);
              }
            }}
            slotProps={{ textField: { size: 'small', sx: { maxWidth: 240 } } }}
          />
        </PickersProvider>
        <RelationTable
          of="ReservationsPanel"
          relation="waitlist"
          owner={panel}
          columns={COLUMNS}
          readOnly
          countRecords
          fixedFilters={{ date: [{ operator: 'equal', value: day }] }}
          defaultSort={{ attribute: 'created', descending: false }}
        />
        <Typography variant="caption" color="text.secondary">
          {t('adminViews.reservations.anyGarageHint')}
        </Typography>
      </Stack>
    </ViewSection>
  );
}
