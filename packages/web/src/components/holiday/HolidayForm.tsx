import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { operation, type Row, range } from '../../api/model.ts';
import { useDialogs } from '../../feedback/dialogs.tsx';
import { toast } from '../../feedback/toast.ts';
import { FormErrorAlert, useValidationText } from '../../feedback/validationText.tsx';
import { parseWireDate, toWireDate } from '../data-table/wireValues.ts';
import { type FormErrors, fieldErrorText, formErrorsOf, NO_FORM_ERRORS } from '../reservation/fieldErrors.ts';
import { ConflictTable } from './ConflictTable.tsx';
import {
  byDateAscending,
  dateMinimums,
  type HolidayFormState,
  holidayInputOf,
  reservationsOf,
  showsConflicts,
} from './holidayForm.ts';

const EMPTY: HolidayFormState = { user: null, startDate: '', endDate: '' };
const NO_DATES = { startDate: null, endDate: null };
const completeDate = (value: Date | null): string =>
  value !== null && !Number.isNaN(value.getTime()) && value.getFullYear() >= 1000 ? toWireDate(value) : '';
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
  onSaved(): void;
};

/**
 * The holiday input: user (administrators only), start and end (today at the earliest), and the
 * reservations the holiday would delete, listed once all three are set; saving asks first when there are any.
 */
export function HolidayForm({ isAdministrator, onSaved }: HolidayFormProps) {
  const { t } = useTranslation('application');
  const dialogs = useDialogs();
  const [users, setUsers] = useState<Row[]>([]);
  const [state, setState] = useState<HolidayFormState>(EMPTY);
  // The pickers keep what is typed (year 2, 20, 202 on the way to 2026); the form takes complete dates only.
  const [typed, setTyped] = useState<{ startDate: Date | null; endDate: Date | null }>(NO_DATES);
  const [conflicts, setConflicts] = useState<Row[]>([]);
  const [previewing, setPreviewing] = useState(false);
  const [previewFailed, setPreviewFailed] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_FORM_ERRORS);
  const [saving, setSaving] = useState(false);
  const validationText = useValidationText();
  const messageOf = (field: string) => fieldErrorText(errors.fields, field, validationText);
  const today = toWireDate(new Date());
  const minimums = dateMinimums(today, state);

  useEffect(() => {
    void range('HolidayInput', 'user', { __entityType: 'ParkHere::HolidayInput' }, { _mask: '{name,email}' })
      .then((found) => {
        setUsers(found);
        // A non-administrator's range is themself alone: the hidden user field holds them.
        const self = found[0];
        if (!isAdministrator && self !== undefined) {
          setState((current) => ({ ...current, user: self }));
        }
      })
      .catch(() => setUsers([]));
  }, [isAdministrator]);

  const query = useMemo(
    () =>
      showsConflicts(state) && state.user !== null
        ? holidayInputOf({ ...state, user: referenceOf(state.user) })
        : null,
    [state],
  );

  useEffect(() => {
    if (query === null) {
      setConflicts([]);
      return;
    }
    let current = true;
    setPreviewing(true);
    void operation('UserForInput', 'queryReservationsForHoliday', query, undefined, { handleErrors: false })
      .then((answer) => {
        if (current) {
          setConflicts(byDateAscending(reservationsOf(answer)));
          setPreviewFailed(false);
        }
      })
      .catch(() => {
        if (current) {
          setConflicts([]);
          setPreviewFailed(true);
        }
      })
      .finally(() => {
        if (current) {
          setPreviewing(false);
        }
      });
    return () => {
      current = false;
    };
  }, [query]);

  const save = async () => {
    if (query === null) {
      setErrors({
        form: [],
        fields: {
          ...(state.user === null ? { user: ['MISSING_REQUIRED_ATTRIBUTE'] } : {}),
          ...(state.startDate === '' ? { startDate: ['MISSING_REQUIRED_ATTRIBUTE'] } : {}),
          ...(state.endDate === '' ? { endDate: ['MISSING_REQUIRED_ATTRIBUTE'] } : {}),
        },
      });
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
    setSaving(true);
    try {
      await operation('HolidayPanel', 'holiday', query);
      toast.success(t('holidays.saved'));
      setErrors(NO_FORM_ERRORS);
      setState((current) => ({ ...EMPTY, user: isAdministrator ? null : current.user }));
      setTyped(NO_DATES);
      onSaved();
    } catch (error) {
      setErrors(formErrorsOf(error, ['user', 'startDate', 'endDate']));
    } finally {
      setSaving(false);
    }
  };

  const pickerProps = (field: 'startDate' | 'endDate') => ({
    label: t(`holidays.${field}`),
    value: typed[field],
    minDate: parseWireDate(minimums[field]) ?? undefined,
    onChange: (value: Date | null) => {
      setTyped((current) => ({ ...current, [field]: value }));
      setState((current) => ({ ...current, [field]: completeDate(value) }));
    },
    slotProps: {
      textField: {
        name: field,
        required: true,
        error: messageOf(field) !== undefined,
        helperText: messageOf(field),
      },
    },
  });

  return (
    <Stack
      spacing={2}
      component="form"
      aria-label={t('holidays.formTitle')}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Typography variant="h6" component="h2">
        {t('holidays.formTitle')}
      </Typography>
      {isAdministrator && (
        <Autocomplete
          options={users}
          value={state.user}
          onChange={(_event, user) => setState((current) => ({ ...current, user }))}
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
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <DatePicker {...pickerProps('startDate')} sx={{ flex: 1 }} />
        <DatePicker {...pickerProps('endDate')} sx={{ flex: 1 }} />
      </Stack>
      {query !== null && (
        <Stack spacing={1}>
          <Typography variant="subtitle1" component="h3">
            {t('holidays.conflicts.title')}
          </Typography>
          {previewFailed ? (
            <Alert severity="warning">{t('holidays.conflicts.failed')}</Alert>
          ) : (
            <ConflictTable reservations={conflicts} loading={previewing} />
          )}
        </Stack>
      )}
      <FormErrorAlert codes={errors.form} />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={saving}>
          {t('dataTable.save')}
        </Button>
        <Button
          disabled={saving}
          onClick={() => {
            setState((current) => ({ ...EMPTY, user: isAdministrator ? null : current.user }));
            setTyped(NO_DATES);
          }}
        >
          {t('dataTable.cancel')}
        </Button>
      </Stack>
    </Stack>
  );
}
