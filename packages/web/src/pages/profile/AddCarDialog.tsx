import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { TransferBody } from '@parkhere/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type PathValue, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { operation, type Row } from '../../api/model.ts';
import { carTemplateQuery } from '../../api/profileQueries.ts';
import { reservationKeys } from '../../api/reservationQueries.ts';
import { codesOf, fieldErrorText, formErrorsOf, setFormErrors } from '../../components/forms/fieldErrors.ts';
import { toast } from '../../feedback/toast.ts';
import { useFieldValidationText } from '../../feedback/validationText.tsx';

type CarBody = TransferBody<'CreateCarInput'>;

type AddCarDialogProps = { open: boolean; profile: Row; onClose(created: boolean): void };

const TEXT_FIELDS = ['licensePlate', 'manufacturer', 'model'] as const;
const FIELDS = [...TEXT_FIELDS, 'isElectric', 'isFavorite'] as const;

/** A new car through `ProfileSettings/createCar`, from the `CreateCarInput` template. */
export function AddCarDialog({ open, profile, onClose }: AddCarDialogProps) {
  const { t } = useTranslation('application');
  return (
    <Dialog
      open={open}
      onClose={() => onClose(false)}
      fullWidth
      maxWidth="xs"
      aria-labelledby="add-car-title"
    >
      <DialogTitle id="add-car-title">{t('profileSettings.cars.addTitle')}</DialogTitle>
      {/* Mounted only while open: every opening starts from the template with no errors. */}
      <AddCarForm profile={profile} onClose={onClose} />
    </Dialog>
  );
}

function AddCarForm({ profile, onClose }: Omit<AddCarDialogProps, 'open'>) {
  const { t } = useTranslation('application');
  const queryClient = useQueryClient();
  const validationText = useFieldValidationText('CreateCarInput');
  const form = useForm<CarBody>({
    defaultValues: () => queryClient.fetchQuery(carTemplateQuery()).catch(() => ({ licensePlate: null })),
    // The fields take typing at once: what the user typed before the template came stays.
    resetOptions: { keepDirtyValues: true },
  });
  const edit = <F extends (typeof FIELDS)[number]>(field: F, value: PathValue<CarBody, F>) =>
    form.setValue(field, value, { shouldDirty: true });
  const draft = form.watch();
  const { errors } = form.formState;
  const messageOf = (field: (typeof FIELDS)[number]) =>
    fieldErrorText({ [field]: codesOf(errors[field]) }, field, (code) => validationText(field, code));

  const create = useMutation({
    mutationFn: (car: CarBody) => operation('ProfileSettings', 'createCar', car, profile),
    // The reservation form offers the new car.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reservationKeys.allCars }),
  });
  const submit = form.handleSubmit((car) =>
    create.mutate(car, {
      onSuccess: () => {
        toast.success(t('dataTable.saved'));
        onClose(true);
      },
      onError: (error) => setFormErrors(form.setError, FIELDS, formErrorsOf(error, FIELDS)),
    }),
  );

  return (
    <>
      <DialogContent>
        <Stack
          spacing={2}
          // Room for the first field's floating label: the dialog's content starts flush under its title.
          sx={{ pt: 3 }}
          component="form"
          id="add-car-form"
          // The server's messages show under the fields, not the browser's bubble (same as the reservation form).
          noValidate
          onSubmit={(event) => {
            // The server judges the car: the errors of its last answer do not hold the next one back.
            form.clearErrors();
            void submit(event);
          }}
        >
          {TEXT_FIELDS.map((field) => (
            <TextField
              key={field}
              name={field}
              label={t(`profileSettings.cars.${field}`)}
              required={field === 'licensePlate'}
              value={typeof draft[field] === 'string' ? draft[field] : ''}
              onChange={(event) => edit(field, event.target.value)}
              error={messageOf(field) !== undefined}
              helperText={messageOf(field)}
              autoFocus={field === 'licensePlate'}
            />
          ))}
          <FormControlLabel
            control={
              <Checkbox
                checked={draft.isElectric === true}
                onChange={(event) => edit('isElectric', event.target.checked)}
              />
            }
            label={t('profileSettings.cars.isElectric')}
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={draft.isFavorite === true}
                onChange={(event) => edit('isFavorite', event.target.checked)}
              />
            }
            label={t('profileSettings.cars.isFavorite')}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{t('dataTable.cancel')}</Button>
        <Button type="submit" form="add-car-form" variant="contained" disabled={create.isPending}>
          {t('dataTable.save')}
        </Button>
      </DialogActions>
    </>
  );
}
