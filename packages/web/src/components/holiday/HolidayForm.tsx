import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TransferBody } from '@parkhere/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { holidayKeys, holidayPreviewQuery, holidayUsersQuery } from '../../api/holidayQueries.ts';
import { operation, type Row } from '../../api/model.ts';
import { reservationKeys } from '../../api/reservationQueries.ts';
import { useDialogs } from '../../feedback/dialogs.tsx';
import { toast } from '../../feedback/toast.ts';
import { FormErrorAlert, useValidationText } from '../../feedback/validationText.tsx';
import { toWireDate } from '../data-table/wireValues.ts';
import { codesOf, fieldErrorText, formErrorsOf, setFormErrors } from '../forms/fieldErrors.ts';
import { ConflictTable } from './ConflictTable.tsx';
import { HolidayDateFields, useTypedDates } from './HolidayDateFields.tsx';
import {
  byDateAscending,
  dateMinimums,
  EMPTY_HOLIDAY as EMPTY,
  type HolidayFormState,
  holidayInputOf,
  requiredHolidayFields,
  reservationsOf,
  showsConflicts,
} from './holidayForm.ts';

const nameOf = (user: Row): string =>
  typeof user.name === 'string'
    ? `${user.name}${typeof user.email === 'string' ? ` (${user.email})` : ''}`
    : '';
/** A relation on the wire: the signed identifier names the user; nothing else is sent back. */
const referenceOf = (user: Row): Row => ({
  __signedIdentifier: user.__signedIdentifier,
  ...(user.__entityType ? { __entityType: user.__entityType } : {}),
});

type HolidayFormProps = {
  /** Administrators pick the user; everyone else books their own holiday and sees no user field (SPEC §4). */
  isAdministrator: boolean;
  /** Told after the holiday list and the reservation panel are invalidated (an administrator's tables read their own). */
  onSaved?(): void;
};

const FIELDS = ['user', 'startDate', 'endDate'] as const;

/**
 * The holiday input: user (administrators only), start and end (today at the earliest), and the
 * reservations the holiday would delete, listed once all three are set; saving asks first when there are any.
 */
export function HolidayForm({ isAdministrator, onSaved }: HolidayFormProps) {
  const { t } = useTranslation('application');
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const form = useForm<HolidayFormState>({
    // A non-administrator's range is themself alone: the hidden user field holds them.
    defaultValues: async () => ({
      ...EMPTY,
      user: isAdministrator
        ? null
        : ((await queryClient.fetchQuery(holidayUsersQuery()).catch(() => []))[0] ?? null),
    }),
    resolver: requiredHolidayFields,
    // Neither the defaults arriving nor a cancel takes back what the last save said.
    resetOptions: { keepErrors: true },
    // A message stays until the next save, as the server's do.
    reValidateMode: 'onSubmit',
  });
  const state: HolidayFormState = { ...EMPTY, ...form.watch() };
  const users = useQuery(holidayUsersQuery()).data ?? [];
  // The pickers keep what is typed (year 2, 20, 202 on the way to 2026); the form takes complete dates only.
  const dates = useTypedDates((field, value) => form.setValue(field, value));
  const validationText = useValidationText();
  const { errors } = form.formState;
  const messageOf = (field: (typeof FIELDS)[number]) =>
    fieldErrorText({ [field]: codesOf(errors[field]) }, field, validationText);
  const today = toWireDate(new Date());
  const minimums = dateMinimums(today, state);

  const query =
    showsConflicts(state) && state.user !== null
      ? holidayInputOf({ ...state, user: referenceOf(state.user) })
      : null;
  const preview = useQuery({ ...holidayPreviewQuery(query), placeholderData: keepPreviousData });
  const conflicts = query === null ? [] : byDateAscending(reservationsOf(preview.data));

  const clear = () => {
    form.reset({ ...EMPTY, user: isAdministrator ? null : form.getValues('user') });
    dates.reset();
  };

  const save = useMutation({
    mutationFn: (input: TransferBody<'HolidayInput'>) => operation('HolidayPanel', 'holiday', input),
    // The new holiday's card, and the reservations it deleted gone from the panel.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: holidayKeys.list });
      void queryClient.invalidateQueries({ queryKey: reservationKeys.panel });
    },
  });

  const submit = form.handleSubmit(async () => {
    if (query === null) {
      return;
    }
    if (conflicts.length > 0) {
      const confirmed = await dialogs.confirm({
        message: t('holidays.confirmDeleteReservations', { count: conflicts.length }),
      });
      if (!confirmed) {
        return;
      }
    }
    save.mutate(query, {
      onSuccess: () => {
        toast.success(t('holidays.saved'));
        form.clearErrors();
        clear();
        onSaved?.();
      },
      onError: (error) => setFormErrors(form.setError, FIELDS, formErrorsOf(error, FIELDS)),
    });
  });

  return (
    <Stack
      spacing={2}
      component="form"
      // The app's own messages under the fields, not the browser's bubble (same as the reservation form).
      noValidate
      aria-label={t('holidays.formTitle')}
      onSubmit={(event) => void submit(event)}
    >
      <Typography variant="h5" component="h2">
        {t('holidays.formTitle')}
      </Typography>
      {isAdministrator && (
        <Autocomplete
          options={users}
          value={state.user}
          onChange={(_event, user) => form.setValue('user', user)}
          getOptionLabel={nameOf}
          isOptionEqualToValue={(option, value) => option.__identifier === value.__identifier}
          renderInput={(params) => (
            <TextField
              {...params}
              name="user"
              label={t('holidays.user')}
              required
              error={messageOf('user') !== undefined}
              helperText={messageOf('user')}
            />
          )}
        />
      )}
      <HolidayDateFields {...dates} minimums={minimums} messageOf={messageOf} />
      {query !== null && (
        <Stack spacing={1}>
          <Typography variant="subtitle1" component="h3">
            {t('holidays.conflicts.title')}
          </Typography>
          {preview.isError ? (
            <Alert severity="warning">{t('holidays.conflicts.failed')}</Alert>
          ) : (
            <ConflictTable reservations={conflicts} loading={preview.isFetching} />
          )}
        </Stack>
      )}
      <FormErrorAlert codes={codesOf(errors.root?.server)} />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {t('dataTable.save')}
        </Button>
        <Button disabled={save.isPending} onClick={clear}>
          {t('dataTable.cancel')}
        </Button>
      </Stack>
    </Stack>
  );
}
