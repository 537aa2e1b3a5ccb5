import Stack from '@mui/material/Stack';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseWireDate } from '../data-table/wireValues.ts';
import { completeDate } from './holidayForm.ts';

export type DateField = 'startDate' | 'endDate';
/** What the pickers show: they keep what is typed (year 2, 20, 202 on the way to 2026). */
export type TypedDates = Record<DateField, Date | null>;

export const NO_DATES: TypedDates = { startDate: null, endDate: null };

/**
 * What the two pickers show, and the form's value of each: a complete `yyyy-MM-dd` or '' (`setDate`). The
 * form's messages stay until its next save, as the server's do.
 */
export function useTypedDates(setDate: (field: DateField, value: string) => void, initial = NO_DATES) {
  const [typed, setTyped] = useState<TypedDates>(initial);
  return {
    typed,
    reset: () => setTyped(NO_DATES),
    onChange: (field: DateField, value: Date | null) => {
      setTyped((current) => ({ ...current, [field]: value }));
      setDate(field, completeDate(value));
    },
  };
}

type HolidayDateFieldsProps = {
  typed: TypedDates;
  /** `yyyy-MM-dd` of the earliest day each picker offers. */
  minimums: Record<DateField, string>;
  /** The field's inline message, undefined when it has none. */
  messageOf(field: DateField): string | undefined;
  onChange(field: DateField, value: Date | null): void;
};

/** The start and end of a holiday, side by side, with their messages under them (new holiday and edit alike). */
export function HolidayDateFields({ typed, minimums, messageOf, onChange }: HolidayDateFieldsProps) {
  const { t } = useTranslation('application');
  const picker = (field: DateField) => (
    <DatePicker
      label={t(`holidays.${field}`)}
      value={typed[field]}
      minDate={parseWireDate(minimums[field]) ?? undefined}
      onChange={(value: Date | null) => onChange(field, value)}
      sx={{ flex: 1 }}
      slotProps={{
        textField: {
          name: field,
          required: true,
          error: messageOf(field) !== undefined,
          helperText: messageOf(field),
        },
      }}
    />
  );
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      {picker('startDate')}
      {picker('endDate')}
    </Stack>
  );
}
