import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHoursGuard } from '../forms/hoursGuard.ts';
import { localDateOfPicker, localTimeOfPicker, pickerDateOf, pickerTimeOf } from '../forms/wireValues.ts';
import { type ReservationDraft, withDate, withEndDate, withStartTime } from './reservationDraft.ts';
import type { ReservationField } from './reservationFields.ts';
import type { ReservationFormState } from './useReservationForm.ts';

/** Without a server error a picker keeps its own bound check (min/max, disabled days) as the error state. */
export const pickerSlotProps = (
  form: ReservationFormState,
  ids: string,
  field: ReservationField,
  required = true,
) => {
  const error = form.errorOf(field);
  return {
    textField: {
      id: `${ids}-${field}`,
      required,
      ...(error === undefined ? {} : { error: true, helperText: error }),
    },
  };
};

type WhenFieldsProps = { form: ReservationFormState; ids: string };

/** The date and a LONG series' end date. */
export function ReservationDateFields({ form, ids }: WhenFieldsProps) {
  const { t } = useTranslation('application');
  const { draft, bounds, endDateError, change, update } = form;
  const now = form.context.now;
  const nonWorkingDisabled = (day: Date) => form.isNonWorkingDayDisabled(localDateOfPicker(day));
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <DatePicker
        label={t('reservationForm.date')}
        value={pickerDateOf(draft.date)}
        minDate={pickerDateOf(bounds.min) ?? undefined}
        maxDate={pickerDateOf(bounds.max) ?? undefined}
        shouldDisableDate={nonWorkingDisabled}
        onChange={(value) => {
          const date = localDateOfPicker(value);
          if (date !== null) {
            change('date', (current) => withDate(current, date, now, form.context.isAdmin));
          }
        }}
        slotProps={{
          textField: {
            ...pickerSlotProps(form, ids, 'date').textField,
            ...(form.horizonDays === undefined
              ? {}
              : { helperText: t('reservationForm.horizonHint', { count: form.horizonDays }) }),
            ...(form.dateError === undefined ? {} : { error: true, helperText: form.dateError }),
          },
        }}
        sx={{ flex: 1 }}
      />
      {form.visibility.endDate && (
        <DatePicker
          label={t('reservationForm.endDate')}
          value={pickerDateOf(draft.endDate)}
          minDate={pickerDateOf(draft.date ?? bounds.endDateMin) ?? undefined}
          maxDate={pickerDateOf(form.endDateMax) ?? undefined}
          shouldDisableDate={nonWorkingDisabled}
          onChange={(value) => {
            const endDate = localDateOfPicker(value);
            if (endDate !== null) {
              // Corrected on blur: while a date is typed section by section it passes through earlier days.
              change('endDate', (current) => ({ ...current, endDate }));
            }
          }}
          slotProps={{
            textField: {
              ...pickerSlotProps(form, ids, 'endDate').textField,
              ...(endDateError === undefined ? {} : { error: true, helperText: endDateError }),
              onBlur: () => update((current) => withEndDate(current, current.endDate)),
            },
          }}
          sx={{ flex: 1 }}
        />
      )}
    </Stack>
  );
}

type TimeField = 'startTime' | 'endTime';

/** The start and end times, and the half-hour warning. */
export function ReservationTimeFields({ form, ids }: WhenFieldsProps) {
  const { t } = useTranslation('application');
  const { draft, minTime, warningMinutes, change } = form;
  const [refused, setRefused] = useState<TimeField | null>(null);
  // 24:00 typed is refused: the time leaves the draft (Reserve waits for one) and the field says why.
  const guard = useHoursGuard<TimeField>((field) => {
    setRefused(field);
    change(field, (current) => ({ ...current, [field]: null }));
  });
  const slotProps = (field: TimeField) => {
    const own = pickerSlotProps(form, ids, field);
    const { field: fieldProps, onKeyDownCapture } = guard(field);
    return {
      field: fieldProps,
      textField: {
        ...own.textField,
        onKeyDownCapture,
        ...(refused === field
          ? { error: true, helperText: t('validation.HOURS_PAST_23', { ns: 'system' }) }
          : {}),
      },
    };
  };
  /** A whole time the user set (a partly typed one is none): it replaces a refused one. */
  const set = (field: TimeField, next: (current: ReservationDraft) => ReservationDraft) => {
    setRefused((current) => (current === field ? null : current));
    change(field, next);
  };
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TimePicker
          label={t('reservationForm.startTime')}
          ampm={false}
          value={pickerTimeOf(draft.startTime, draft.date)}
          minTime={pickerTimeOf(minTime, draft.date) ?? undefined}
          onChange={(value) => {
            const startTime = localTimeOfPicker(value);
            if (startTime !== null) {
              set('startTime', (current) => withStartTime(current, startTime));
            }
          }}
          slotProps={slotProps('startTime')}
          sx={{ flex: 1 }}
        />
        <TimePicker
          label={t('reservationForm.endTime')}
          ampm={false}
          value={pickerTimeOf(draft.endTime, draft.date)}
          minTime={pickerTimeOf(draft.startTime ?? minTime, draft.date) ?? undefined}
          onChange={(value) => {
            const endTime = localTimeOfPicker(value);
            if (endTime !== null) {
              set('endTime', (current) => ({ ...current, endTime }));
            }
          }}
          slotProps={slotProps('endTime')}
          sx={{ flex: 1 }}
        />
      </Stack>
      {warningMinutes !== null && (
        <Alert severity="warning" role="status">
          {t('reservationForm.warningHalfHour').replace('{num}', String(warningMinutes))}
        </Alert>
      )}
    </>
  );
}
