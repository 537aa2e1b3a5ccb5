import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { operation, type Row, template } from '../../api/model.ts';
import {
  type FormErrors,
  fieldErrorText,
  formErrorsOf,
  NO_FORM_ERRORS,
} from '../../components/reservation/fieldErrors.ts';
import { toast } from '../../feedback/toast.ts';
import { useValidationText } from '../../feedback/validationText.tsx';

type AddCarDialogProps = { open: boolean; profile: Row; onClose(created: boolean): void };

const TEXT_FIELDS = ['licensePlate', 'manufacturer', 'model'] as const;

/** A new car through `ProfileSettings/createCar`, from the `CreateCarInput` template. */
export function AddCarDialog({ open, profile, onClose }: AddCarDialogProps) {
  const { t } = useTranslation('application');
  const [draft, setDraft] = useState<Row>({});
  const [errors, setErrors] = useState<FormErrors>(NO_FORM_ERRORS);
  const [saving, setSaving] = useState(false);
  const validationText = useValidationText();
  const messageOf = (field: string) => fieldErrorText(errors.fields, field, validationText);

  useEffect(() => {
    if (!open) {
      return;
    }
    setErrors(NO_FORM_ERRORS);
    void template('CreateCarInput')
      .then(setDraft)
      .catch(() => setDraft({}));
  }, [open]);

  const save = async () => {
    setSaving(true);
    try {
      await operation('ProfileSettings', 'createCar', draft, profile);
      toast.success(t('dataTable.saved'));
      onClose(true);
    } catch (error) {
      setErrors(formErrorsOf(error, ['licensePlate', 'manufacturer', 'model', 'isFavorite']));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={() => onClose(false)}
      fullWidth
      maxWidth="xs"
      aria-labelledby="add-car-title"
    >
      <DialogTitle id="add-car-title">{t('profileSettings.cars.addTitle')}</DialogTitle>
      <DialogContent>
        <Stack
          spacing={2}
          sx={{ pt: 1 }}
          component="form"
          id="add-car-form"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          {TEXT_FIELDS.map((field) => (
            <TextField
              key={field}
              name={field}
              label={t(`profileSettings.cars.${field}`)}
              required={field === 'licensePlate'}
              value={typeof draft[field] === 'string' ? draft[field] : ''}
              onChange={(event) => setDraft((current) => ({ ...current, [field]: event.target.value }))}
              error={messageOf(field) !== undefined}
              helperText={messageOf(field)}
              autoFocus={field === 'licensePlate'}
            />
          ))}
          <FormControlLabel
            control={
              <Checkbox
                checked={draft.isFavorite === true}
                onChange={(event) =>
                  setDraft((current) => ({ ...current, isFavorite: event.target.checked }))
                }
              />
            }
            label={t('profileSettings.cars.isFavorite')}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{t('dataTable.cancel')}</Button>
        <Button type="submit" form="add-car-form" variant="contained" disabled={saving}>
          {t('dataTable.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
