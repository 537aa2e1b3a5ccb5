import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { type FormEvent, useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { operation } from '../../api/model.ts';
import {
  type FormErrors,
  fieldErrorText,
  formErrorsOf,
  NO_FORM_ERRORS,
  withoutField,
} from './fieldErrors.ts';
import type { ReservationRow } from './ReservationCard.tsx';
import { localTimeOfPicker, pickerTimeOf } from './wireValues.ts';

const FIELDS = ['startTime', 'endTime'] as const;

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
  const [startTime, setStartTime] = useState(reservation.startTime ?? null);
  const [endTime, setEndTime] = useState(reservation.endTime ?? null);
  const [errors, setErrors] = useState<FormErrors>(NO_FORM_ERRORS);
  const [saving, setSaving] = useState(false);
  const date = reservation.date ?? null;
  const translateCode = useCallback(
    (code: string) =>
      t(`reservationForm.error.${code}`, {
        defaultValue: t(`validation.${code}`, { ns: 'system', defaultValue: code }),
      }),
    [t],
  );

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!(await confirmSave())) {
      return;
    }
    setSaving(true);
    try {
      const saved = await operation<ReservationRow>(
        'UserReservation',
        'modificateReservation',
        { startTime, endTime },
        reservation,
      );
      onSaved(saved);
    } catch (error) {
      setErrors(formErrorsOf(error, FIELDS));
    } finally {
      setSaving(false);
    }
  };

  const slotProps = (field: (typeof FIELDS)[number]) => {
    const text = fieldErrorText(errors.fields, field, translateCode);
    return {
      textField: { required: true, ...(text === undefined ? {} : { error: true, helperText: text }) },
    };
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} component="form" onSubmit={save}>
      <DialogTitle id={titleId}>
        {t('reservationPanel.modifyTitle', {
          date: date ?? '',
          slot: reservation.parkingSlotInformation ?? '',
        })}
      </DialogTitle>
      <DialogContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ pt: 1 }}>
          <TimePicker
            label={t('reservationForm.startTime')}
            ampm={false}
            value={pickerTimeOf(startTime, date)}
            onChange={(value) => {
              setErrors((current) => withoutField(current, 'startTime'));
              setStartTime(localTimeOfPicker(value));
            }}
            slotProps={slotProps('startTime')}
          />
          <TimePicker
            label={t('reservationForm.endTime')}
            ampm={false}
            value={pickerTimeOf(endTime, date)}
            onChange={(value) => {
              setErrors((current) => withoutField(current, 'endTime'));
              setEndTime(localTimeOfPicker(value));
            }}
            slotProps={slotProps('endTime')}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('reservationPanel.close')}</Button>
        <Button type="submit" variant="contained" disabled={saving || startTime === null || endTime === null}>
          {t('reservationPanel.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
