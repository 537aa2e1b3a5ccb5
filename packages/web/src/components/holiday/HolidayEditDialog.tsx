import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { operation, type Row } from '../../api/model.ts';
import { FormErrorAlert, useValidationText } from '../../feedback/validationText.tsx';
import { parseWireDate, toWireDate } from '../data-table/wireValues.ts';
import { codesOf, fieldErrorText, formErrorsOf, setFormErrors } from '../forms/fieldErrors.ts';
import { type DateField, HolidayDateFields, useTypedDates } from './HolidayDateFields.tsx';
import { editMinimums, type HolidayFormState, requiredHolidayFields } from './holidayForm.ts';

const FIELDS = ['startDate', 'endDate'] as const;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

type HolidayEditDialogProps = { holiday: Row; onClose(): void; onSaved(): void };

/**
 * New dates for a holiday, checked as the new-holiday form checks them (required, today at the earliest, the
 * server's answer under its field); a holiday under way keeps its start. Its user stays who it is.
 */
export function HolidayEditDialog({ holiday, onClose, onSaved }: HolidayEditDialogProps) {
  const { t } = useTranslation('application');
  const titleId = useId();
  const stored = { startDate: text(holiday.startDate), endDate: text(holiday.endDate) };
  // The holiday stands in for the user the form asks for: it is the holiday's own, never changed here.
  const form = useForm<HolidayFormState>({
    defaultValues: { user: holiday, ...stored },
    resolver: requiredHolidayFields,
    reValidateMode: 'onSubmit',
  });
  const dates = useTypedDates((field, value) => form.setValue(field, value), {
    startDate: parseWireDate(stored.startDate),
    endDate: parseWireDate(stored.endDate),
  });
  const validationText = useValidationText();
  const { errors } = form.formState;
  const messageOf = (field: DateField) =>
    fieldErrorText({ [field]: codesOf(errors[field]) }, field, validationText);
  const minimums = editMinimums(toWireDate(new Date()), stored, form.watch('startDate'));

  const save = useMutation({
    mutationFn: (dates: { startDate: string; endDate: string }) =>
      operation('Holiday', 'modifyHoliday', dates, holiday),
  });
  const submit = form.handleSubmit(({ startDate, endDate }) =>
    save.mutate(
      { startDate, endDate },
      {
        onSuccess: onSaved,
        onError: (error) => setFormErrors(form.setError, FIELDS, formErrorsOf(error, FIELDS)),
      },
    ),
  );

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId}>
      {/* The app's own messages under the fields, not the browser's bubble (as in the new-holiday form). */}
      <form
        noValidate
        onSubmit={(event) => {
          form.clearErrors();
          void submit(event);
        }}
      >
        <DialogTitle id={titleId}>{t('holidays.editTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{t('holidays.editHint')}</DialogContentText>
            <HolidayDateFields {...dates} minimums={minimums} messageOf={messageOf} />
            <FormErrorAlert codes={codesOf(errors.root?.server)} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('dataTable.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('dataTable.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
