import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import type { LocalTime } from '@parkhere/contract';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { operation } from '../../api/model.ts';
import { codesOf, fieldErrorText, formErrorsOf, setFormErrors } from '../forms/fieldErrors.ts';
import type { ReservationRow } from './ReservationCard.tsx';
import { localTimeOfPicker, pickerTimeOf } from './wireValues.ts';

const FIELDS = ['startTime', 'endTime'] as const;

type NewTimes = { startTime: LocalTime | null; endTime: LocalTime | null };

type ModifyReservationDialogProps = {
  reservation: ReservationRow;
  /** Asked before the change is sent (the confirm dialog of SPEC §2.4). */
  confirmSave(): Promise<boolean>;
  onClose(): void;
  onSaved(reservation: ReservationRow): void;
};

/** The modify-reservation form: new start and end times of a future reservation, checked by the server. */
export function ModifyReservationDialog({
  reservation,
  confirmSave,
  onClose,
  onSaved,
}: ModifyReservationDialogProps) {
  const { t } = useTranslation('application');
  const titleId = useId();
  const form = useForm<NewTimes>({
    defaultValues: { startTime: reservation.startTime ?? null, endTime: reservation.endTime ?? null },
  });
  const times = form.watch();
  const { errors } = form.formState;
  const date = reservation.date ?? null;
  const translateCode = useCallback(
    (code: string) =>
      t(`reservationForm.error.${code}`, {
        defaultValue: t(`validation.${code}`, { ns: 'system', defaultValue: code }),
      }),
    [t],
  );

  const modify = useMutation({
    mutationFn: (times: NewTimes) =>
      operation<ReservationRow>('UserReservation', 'modificateReservation', times, reservation),
  });
  const save = form.handleSubmit(async (times) => {
    if (!(await confirmSave())) {
      return;
    }
    modify.mutate(times, {
      onSuccess: onSaved,
      onError: (error) => setFormErrors(form.setError, FIELDS, formErrorsOf(error, FIELDS)),
    });
  });

  const slotProps = (field: (typeof FIELDS)[number]) => {
    const text = fieldErrorText({ [field]: codesOf(errors[field]) }, field, translateCode);
    return {
      textField: { required: true, ...(text === undefined ? {} : { error: true, helperText: text }) },
    };
  };

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
        {t('reservationPanel.modifyTitle', {
          date: date ?? '',
          slot: reservation.parkingSlotInformation ?? '',
        })}
      </DialogTitle>
      <DialogContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ pt: 1 }}>
          {FIELDS.map((field) => (
            <TimePicker
              key={field}
              label={t(`reservationForm.${field}`)}
              ampm={false}
              value={pickerTimeOf(times[field], date)}
              onChange={(value) => {
                form.clearErrors(field);
                form.setValue(field, localTimeOfPicker(value));
              }}
              slotProps={slotProps(field)}
            />
          ))}
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
