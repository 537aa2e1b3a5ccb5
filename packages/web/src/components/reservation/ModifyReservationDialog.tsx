import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import type { LocalTime } from '@parkhere/contract';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { operation } from '../../api/model.ts';
import { useDateFormat } from '../../i18n/dateLocale.ts';
import { codesOf, fieldErrorText, formErrorsOf, setFormErrors } from '../forms/fieldErrors.ts';
import { useHoursGuard } from '../forms/hoursGuard.ts';
import { localTimeOfPicker, pickerTimeOf } from '../forms/wireValues.ts';
import { useReservationCodeTexts } from './codeTexts.ts';
import type { ReservationRow } from './ReservationCard.tsx';

const FIELDS = ['startTime', 'endTime'] as const;

type NewTimes = { startTime: LocalTime | null; endTime: LocalTime | null };

type ModifyReservationDialogProps = {
  /** One reservation, or the days of a LONG series that all get the new times. */
  reservations: readonly ReservationRow[];
  onClose(): void;
  /** After every day is saved; `saved` is how many were (some, when a later day was refused). */
  onSaved(saved: number): void;
};

/**
 * The modify-reservation form: new start and end times, checked by the server. One dialog with an explicit
 * Save and no confirmation before or after: it says what can be changed, and Close leaves everything as it was.
 */
export function ModifyReservationDialog({ reservations, onClose, onSaved }: ModifyReservationDialogProps) {
  const { t } = useTranslation('application');
  const format = useDateFormat();
  const titleId = useId();
  const [first] = reservations;
  const last = reservations[reservations.length - 1];
  const series = reservations.length > 1;
  const form = useForm<NewTimes>({
    defaultValues: { startTime: first?.startTime ?? null, endTime: first?.endTime ?? null },
  });
  const times = form.watch();
  const { errors } = form.formState;
  const date = first?.date ?? null;
  // A series saved up to a refused day: that day is named, the ones before it keep their new times.
  const [refusedDay, setRefusedDay] = useState<string | null>(null);
  const { translateCode } = useReservationCodeTexts();

  const modify = useMutation({
    mutationFn: async (newTimes: NewTimes) => {
      let saved = 0;
      for (const reservation of reservations) {
        try {
          await operation('UserReservation', 'modificateReservation', newTimes, reservation);
        } catch (error) {
          throw Object.assign(new Error('refused'), { cause: error, saved, day: reservation.date ?? '' });
        }
        saved += 1;
      }
      return saved;
    },
  });
  const save = form.handleSubmit((newTimes) => {
    setRefusedDay(null);
    modify.mutate(newTimes, {
      onSuccess: onSaved,
      onError: (error) => {
        const { cause, saved, day } = error as Error & { saved: number; day: string };
        setFormErrors(form.setError, FIELDS, formErrorsOf(cause, FIELDS));
        if (series) {
          setRefusedDay(format.dayWithWeekday(day));
        }
        if (saved > 0) {
          onSaved(saved);
        }
      },
    });
  });

  // 24:00 typed is refused: the time is dropped and the field says why.
  const hoursGuard = useHoursGuard<(typeof FIELDS)[number]>((field) => {
    form.setValue(field, null);
    form.setError(field, { type: 'rule', message: 'HOURS_PAST_23' });
  });
  const slotProps = (field: (typeof FIELDS)[number]) => {
    const text = fieldErrorText({ [field]: codesOf(errors[field]) }, field, translateCode);
    const { field: fieldProps, onKeyDownCapture } = hoursGuard(field);
    return {
      field: fieldProps,
      textField: {
        required: true,
        onKeyDownCapture,
        ...(text === undefined ? {} : { error: true, helperText: text }),
      },
    };
  };

  const days = series
    ? `${format.dayWithWeekday(first?.date)} – ${format.dayWithWeekday(last?.date)}`
    : format.dayWithWeekday(date);
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      component="form"
      onSubmit={(event) => {
        // The server judges the times: the errors of its last answer do not hold the next one back.
        form.clearErrors();
        void save(event);
      }}
    >
      <DialogTitle id={titleId}>
        {t('reservationPanel.modifyTitle', { date: days, slot: first?.parkingSlotInformation ?? '' })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            {series
              ? t('reservationPanel.modifySeriesHint', { count: reservations.length })
              : t('reservationPanel.modifyHint')}
          </DialogContentText>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ pt: 1 }}>
            {FIELDS.map((field) => (
              <TimePicker
                key={field}
                label={t(`reservationForm.${field}`)}
                ampm={false}
                value={pickerTimeOf(times[field], date)}
                onChange={(value) => {
                  const time = localTimeOfPicker(value);
                  // A whole time clears the field's errors; an emptied one (a refused 24:00) keeps them.
                  if (time !== null) {
                    form.clearErrors(field);
                  }
                  form.setValue(field, time);
                }}
                slotProps={slotProps(field)}
              />
            ))}
          </Stack>
          {refusedDay !== null && (
            <Alert severity="error">{t('reservationPanel.seriesRefusedOn', { day: refusedDay })}</Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('reservationPanel.close')}</Button>
        <Button
          type="submit"
          variant="contained"
          disabled={modify.isPending || times.startTime === null || times.endTime === null}
        >
          {t('reservationPanel.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
