import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAccessPoint, type Row, update } from '../../api/model.ts';
import DataTable from '../../components/data-table/DataTable.tsx';
import {
  type FormErrors,
  fieldErrorText,
  formErrorsOf,
  NO_FORM_ERRORS,
  ruleErrorsOf,
} from '../../components/reservation/fieldErrors.ts';
import { ApiError } from '../../errors/apiError.ts';
import { PageLoading } from '../../feedback/PageLoading.tsx';
import { toast } from '../../feedback/toast.ts';
import { FormErrorAlert, useValidationText } from '../../feedback/validationText.tsx';
import { usePageTitle } from '../../navigation/NavigationProvider.tsx';
import { usePageTitleKey } from '../usePageTitleKey.ts';
import { CarsSection } from './CarsSection.tsx';
import { changedFields, PROFILE_EDITABLE_FIELDS } from './changedFields.ts';
import { PreferredSlotSection } from './PreferredSlotSection.tsx';

const RESERVATION_FLAGS = [
  'isNormalReservation',
  'isQuickReservation',
  'isGuestReservation',
  'isLongReservation',
] as const;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
/** A time input shows `HH:mm`; the wire carries `HH:mm:ss`. */
const timeText = (value: unknown): string => text(value).slice(0, 5);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 3 }} component="section" aria-label={title}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

const isVersionConflict = (error: unknown): boolean =>
  error instanceof ApiError &&
  error.status === 409 &&
  typeof error.body === 'object' &&
  error.body !== null &&
  Reflect.get(error.body, 'code') === 'VERSION_CONFLICT';

/** Services/Actor/ProfileSettings/AccessViewPage: the signed-in user's own settings, cars and access. */
export default function ProfileSettingsPage() {
  const { t } = useTranslation('application');
  const title = t(usePageTitleKey());
  usePageTitle(title);
  const [loaded, setLoaded] = useState<Row | null>(null);
  const [edited, setEdited] = useState<Row>({});
  const [errors, setErrors] = useState<FormErrors>(NO_FORM_ERRORS);
  const [conflict, setConflict] = useState(false);
  const [saving, setSaving] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const { t: ts } = useTranslation('system');
  const validationText = useValidationText();
  const messageOf = (field: string) => fieldErrorText(errors.fields, field, validationText);

  const load = useCallback(async () => {
    try {
      const profile = await getAccessPoint('profileSettings');
      setLoaded(profile);
      setEdited(profile);
      setErrors(NO_FORM_ERRORS);
      setConflict(false);
      setLoadFailed(false);
    } catch {
      // The error pipeline has told the user; the page offers to try again.
      setLoadFailed(true);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  if (loaded === null) {
    // The title stays put while the profile loads, and a failed load can be retried without a reload.
    return (
      <Stack spacing={3}>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        {loadFailed ? (
          <Box>
            <Button variant="outlined" onClick={() => void load()}>
              {ts('action.reload')}
            </Button>
          </Box>
        ) : (
          <PageLoading />
        )}
      </Stack>
    );
  }

  const changed = changedFields(loaded, edited, PROFILE_EDITABLE_FIELDS);

  const save = async () => {
    if (changed.length === 0) {
      return;
    }
    const broken = ruleErrorsOf('ProfileSettings', edited, PROFILE_EDITABLE_FIELDS);
    if (broken !== null) {
      setErrors(broken);
      return;
    }
    setSaving(true);
    try {
      const saved = await update('ProfileSettings', edited, changed);
      setLoaded(saved);
      setEdited(saved);
      setErrors(NO_FORM_ERRORS);
      toast.success(t('dataTable.saved'));
    } catch (error) {
      setErrors(formErrorsOf(error, PROFILE_EDITABLE_FIELDS));
      setConflict(isVersionConflict(error));
    } finally {
      setSaving(false);
    }
  };

  const field = (name: (typeof PROFILE_EDITABLE_FIELDS)[number], type: 'text' | 'time') => (
    <TextField
      name={name}
      type={type}
      label={t(`attribute.${name}`, { defaultValue: name })}
      required
      value={type === 'time' ? timeText(edited[name]) : text(edited[name])}
      onChange={(event) => {
        const value = event.target.value;
        setEdited((current) => ({
          ...current,
          [name]: type === 'time' && value !== '' ? `${value}:00` : value,
        }));
      }}
      error={messageOf(name) !== undefined}
      helperText={messageOf(name)}
      slotProps={type === 'time' ? { inputLabel: { shrink: true } } : {}}
    />
  );

  const owner = loaded.__signedIdentifier ?? '';

  return (
    <Stack spacing={3}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <Section title={t('profileSettings.personal')}>
        <Stack
          spacing={2}
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          {conflict && (
            <Alert
              severity="warning"
              action={
                <Button color="inherit" size="small" onClick={() => void load()}>
                  {t('profileSettings.reload')}
                </Button>
              }
            >
              {t('profileSettings.versionConflict')}
            </Alert>
          )}
          <FormErrorAlert codes={errors.form} />
          {field('name', 'text')}
          <TextField
            name="email"
            label={t('attribute.email')}
            value={text(loaded.email)}
            slotProps={{ input: { readOnly: true } }}
          />
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            {field('startOfWorkingTime', 'time')}
            {field('endOfWorkingTime', 'time')}
          </Box>
          <FormGroup row aria-label={t('profileSettings.reservationTypes')}>
            {RESERVATION_FLAGS.map((flag) => (
              <FormControlLabel
                key={flag}
                control={<Checkbox checked={loaded[flag] === true} disabled />}
                label={t(`attribute.${flag}`)}
              />
            ))}
          </FormGroup>
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button type="submit" variant="contained" disabled={saving || changed.length === 0}>
              {t('dataTable.save')}
            </Button>
            <Button disabled={saving || changed.length === 0} onClick={() => setEdited(loaded)}>
              {t('dataTable.cancel')}
            </Button>
          </Box>
        </Stack>
      </Section>
      <Section title={t('profileSettings.cars.section')}>
        <CarsSection profile={loaded} />
      </Section>
      <Section title={t('profileSettings.preferredSlot.title')}>
        <PreferredSlotSection profile={loaded} />
      </Section>
      <Section title={t('profileSettings.access')}>
        <Stack spacing={3}>
          <DataTable
            tableId="ProfileSettings.accessedParkingGarages"
            type="ParkingGarage"
            source={{ kind: 'relation', type: 'ProfileSettings', relation: 'accessedParkingGarages', owner }}
            title={t('profileSettings.accessedGarages')}
            columns={[{ field: 'name', flex: 1 }]}
            editable={false}
            deletable={false}
            defaultSort={{ attribute: 'name', descending: false }}
          />
          <DataTable
            tableId="ProfileSettings.accessedParkingSlots"
            type="ParkingSlot"
            source={{ kind: 'relation', type: 'ProfileSettings', relation: 'accessedParkingSlots', owner }}
            title={t('profileSettings.accessedSlots')}
            columns={[
              { field: 'aggregaredName', flex: 2, minWidth: 200 },
              { field: 'floor', minWidth: 90 },
              { field: 'nextToWall', minWidth: 90 },
            ]}
            editable={false}
            deletable={false}
            countRecords
            defaultSort={{ attribute: 'aggregaredName', descending: false }}
          />
          <DataTable
            tableId="ProfileSettings.idCardsForParkingGarages"
            type="ParkingGarage"
            source={{
              kind: 'relation',
              type: 'ProfileSettings',
              relation: 'idCardsForParkingGarages',
              owner,
            }}
            title={t('profileSettings.idCards')}
            columns={[{ field: 'name', flex: 1 }]}
            editable={false}
            deletable={false}
            defaultSort={{ attribute: 'name', descending: false }}
          />
        </Stack>
      </Section>
    </Stack>
  );
}
