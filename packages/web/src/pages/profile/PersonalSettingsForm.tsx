import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { RESERVATION_TYPE_FLAGS, validateBody } from '@parkhere/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type Row, update } from '../../api/model.ts';
import { profileKeys } from '../../api/profileQueries.ts';
import { reservationKeys } from '../../api/reservationQueries.ts';
import {
  changedFields,
  PROFILE_EDITABLE_FIELDS,
  type ProfileEditableField,
} from '../../components/forms/changedFields.ts';
import {
  codesOf,
  fieldErrorText,
  formErrorsOf,
  resolverErrorsOf,
  setFormErrors,
} from '../../components/forms/fieldErrors.ts';
import { ReadOnlyFlags } from '../../components/forms/ReadOnlyFlags.tsx';
import { isVersionConflict } from '../../components/forms/versionConflict.ts';
import { TimeOfDayField } from '../../components/forms/WallClockFields.tsx';
import { ApiError } from '../../errors/apiError.ts';
import { toast } from '../../feedback/toast.ts';
import { FormErrorAlert, useValidationText } from '../../feedback/validationText.tsx';

type PersonalSettings = Record<ProfileEditableField, string>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

const settingsOf = (profile: Row): PersonalSettings => ({
  name: text(profile.name),
  startOfWorkingTime: text(profile.startOfWorkingTime),
  endOfWorkingTime: text(profile.endOfWorkingTime),
});

/**
 * The contract's check of a ProfileSettings update on the edited fields (its zod schema, the required values,
 * the working hours in order): what the server would refuse is said on its field without the round trip.
 */
const contractCheck: Resolver<PersonalSettings> = (values) => {
  const checked = validateBody('ProfileSettings', values, 'update');
  return checked.ok
    ? { values, errors: {} }
    : {
        values: {},
        errors: resolverErrorsOf(formErrorsOf(new ApiError(400, checked.errors), PROFILE_EDITABLE_FIELDS)),
      };
};

type PersonalSettingsFormProps = {
  profile: Row;
  /** Reads the profile again (after someone else saved it). */
  reload(): void;
};

/** The user's name and working hours, saved with only the changed fields; the reservation types read-only. */
export function PersonalSettingsForm({ profile, reload }: PersonalSettingsFormProps) {
  const { t } = useTranslation('application');
  const queryClient = useQueryClient();
  const validationText = useValidationText();
  const form = useForm<PersonalSettings>({
    // Each answer (a save, a reload) mounts the form anew from it.
    defaultValues: settingsOf(profile),
    resolver: contractCheck,
    // A message stays until the next save, as the server's do.
    reValidateMode: 'onSubmit',
  });
  const edited: Row = { ...profile, ...form.watch() };
  const { errors } = form.formState;
  const messageOf = (field: ProfileEditableField) =>
    fieldErrorText({ [field]: codesOf(errors[field]) }, field, validationText);
  const changed = changedFields(profile, edited, PROFILE_EDITABLE_FIELDS);

  const save = useMutation({
    mutationFn: (sent: { entity: Row; fields: ProfileEditableField[] }) =>
      update('ProfileSettings', sent.entity, sent.fields),
    onSuccess: (saved) => {
      queryClient.setQueryData(profileKeys.settings, saved);
      // The reservation form starts from the user's working hours.
      void queryClient.invalidateQueries({ queryKey: reservationKeys.formSetup });
      toast.success(t('dataTable.saved'));
    },
    onError: (error) =>
      setFormErrors(form.setError, PROFILE_EDITABLE_FIELDS, formErrorsOf(error, PROFILE_EDITABLE_FIELDS)),
  });

  const submit = form.handleSubmit(() => {
    if (changed.length > 0) {
      save.mutate({ entity: edited, fields: changed });
    }
  });

  const label = (name: ProfileEditableField) => t(`attribute.${name}`, { defaultValue: name });
  const time = (name: ProfileEditableField) => (
    <TimeOfDayField
      name={name}
      label={label(name)}
      required
      value={text(edited[name])}
      onChange={(value) => form.setValue(name, value ?? '')}
      error={messageOf(name) !== undefined}
      helperText={messageOf(name)}
      // Grown to its label, so "Start of working time" is read whole.
      sx={{ flex: '1 1 15rem' }}
    />
  );

  return (
    <Stack spacing={2} component="form" onSubmit={(event) => void submit(event)}>
      {isVersionConflict(save.error) && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={reload}>
              {t('profileSettings.reload')}
            </Button>
          }
        >
          {t('profileSettings.versionConflict')}
        </Alert>
      )}
      <FormErrorAlert codes={codesOf(errors.root?.server)} />
      <TextField
        name="name"
        label={label('name')}
        required
        value={text(edited.name)}
        onChange={(event) => form.setValue('name', event.target.value)}
        error={messageOf('name') !== undefined}
        helperText={messageOf('name')}
      />
      <TextField
        name="email"
        label={t('attribute.email')}
        value={text(profile.email)}
        slotProps={{ input: { readOnly: true } }}
      />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        {time('startOfWorkingTime')}
        {time('endOfWorkingTime')}
      </Box>
      <ReadOnlyFlags
        record={profile}
        flags={RESERVATION_TYPE_FLAGS}
        label={t('profileSettings.reservationTypes')}
      />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={save.isPending || changed.length === 0}>
          {t('dataTable.save')}
        </Button>
        <Button
          disabled={save.isPending || changed.length === 0}
          onClick={() => form.reset(settingsOf(profile))}
        >
          {t('dataTable.cancel')}
        </Button>
      </Box>
    </Stack>
  );
}
