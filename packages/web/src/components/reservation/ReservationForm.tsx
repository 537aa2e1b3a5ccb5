import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import {
  allowedReservationTypes,
  defaultCar,
  halfHourWarningMinutes,
  isNextToWallWarningShown,
  isReservationTypePickerHidden,
  longSeriesEndDateMax,
  longSeriesMeasuredFrom,
  minReservationTime,
  preferredSlotIfOffered,
  type ReservationType,
  reservationDateBounds,
  reservationFieldVisibility,
  workingCalendar,
} from '@parkhere/contract';
import { type FormEvent, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { operation, type Row, range, template } from '../../api/model.ts';
import { toast } from '../../feedback/toast.ts';
import { FormErrorAlert } from '../../feedback/validationText.tsx';
import { type ReservationConflict, reservationConflictOf } from './conflict.ts';
import {
  type FormErrors,
  fieldErrorText,
  formErrorsOf,
  NO_FORM_ERRORS,
  withoutField,
} from './fieldErrors.ts';
import {
  type CarChoice,
  draftForUser,
  EMPTY_DRAFT,
  type FormContext,
  type FormUser,
  horizonOfTemplate,
  isSlotRangeAskable,
  type ReservationDraft,
  reservationInputBody,
  type SlotChoice,
  seriesEndIssue,
  withDate,
  withEndDate,
  withStartTime,
  withType,
} from './reservationDraft.ts';
import { useWallClock } from './useWallClock.ts';
import { localDateOfPicker, localTimeOfPicker, pickerDateOf, pickerTimeOf } from './wireValues.ts';

const USER_MASK =
  '{name,email,isNormalReservation,isQuickReservation,isGuestReservation,isLongReservation,startOfWorkingTime,endOfWorkingTime,preferredParkingSlot{aggregaredName}}';
const CAR_MASK = '{licensePlate,manufacturer,model,isFavorite,isArchived}';
const SLOT_MASK = '{aggregaredName,nextToWall}';

/** The fields a 400 item can land on (SPEC §5). */
const FIELDS = [
  'user',
  'reservationType',
  'date',
  'endDate',
  'startTime',
  'endTime',
  'car',
  'parkingSlot',
  'guestName',
  'guestEmail',
  'guestLicensePlate',
  'reminderBeforeReservation',
] as const;
type Field = (typeof FIELDS)[number];

export type ReservationFormProps = {
  isAdmin: boolean;
  /** Picks the signed-in user among the `user` range of an administrator. */
  principalEmail: string;
  onCreated(reservations: Row[]): void;
};

/** Reservation input form of the dashboard: SPEC §4 'Reservation form' and §5, rules from the contract. */
export function ReservationForm({ isAdmin, principalEmail, onCreated }: ReservationFormProps) {
  const { t } = useTranslation('application');
  const now = useWallClock();
  const calendar = useMemo(() => workingCalendar(), []);
  const context: FormContext = useMemo(() => ({ isAdmin, now, calendar }), [isAdmin, now, calendar]);
  const [draft, setDraft] = useState<ReservationDraft>(EMPTY_DRAFT);
  const [users, setUsers] = useState<FormUser[]>([]);
  const [cars, setCars] = useState<CarChoice[]>([]);
  const [slots, setSlots] = useState<SlotChoice[] | null>(null);
  const [errors, setErrors] = useState<FormErrors>(NO_FORM_ERRORS);
  const [conflict, setConflict] = useState<ReservationConflict | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // Users may not read the configuration: the template tells the configured horizon (the contract's default
  // until it answers, or when it fails, and the server refuses what is beyond the real one either way).
  const [horizonDays, setHorizonDays] = useState<number | undefined>(undefined);
  const ids = useId();

  const translateCode = useCallback(
    (code: string) =>
      t(`reservationForm.error.${code}`, {
        defaultValue: t(`validation.${code}`, { ns: 'system', defaultValue: code }),
      }),
    [t],
  );
  const errorOf = (field: Field) => fieldErrorText(errors.fields, field, translateCode);
  const change = (field: Field, next: (current: ReservationDraft) => ReservationDraft) => {
    setErrors((current) => withoutField(current, field));
    setConflict(null);
    setDraft(next);
  };

  // The users one may reserve for: oneself, or every active user for an administrator.
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once; a clock tick must not reset the form
  useEffect(() => {
    let live = true;
    void (async () => {
      const [offered, defaults] = await Promise.all([
        range<FormUser>('ReservationInput', 'user', null, {
          _mask: USER_MASK,
          _orderBy: [{ attribute: 'name', descending: false }],
        }),
        template<Row>('ReservationInput', { handleErrors: false }).catch(() => null),
      ]);
      if (!live) {
        return;
      }
      setUsers(offered);
      setHorizonDays(horizonOfTemplate(defaults));
      const self = offered.find((user) => user.email === principalEmail) ?? offered[0];
      if (self === undefined) {
        return;
      }
      const initial = draftForUser(self, context);
      // The server's template knows the additional working days the browser does not.
      const serverDate = typeof defaults?.date === 'string' ? defaults.date : null;
      setDraft(
        serverDate !== null && serverDate !== initial.date
          ? withDate(initial, serverDate, context.now)
          : initial,
      );
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [principalEmail]);

  const userKey = draft.user?.__signedIdentifier ?? '';
  // Cars of the selected user, non-archived; the favourite (or the only one) preselected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new user changes the cars
  useEffect(() => {
    if (userKey === '') {
      return;
    }
    let live = true;
    const owner = reservationInputBody(draft, context);
    range<CarChoice>('ReservationInput', 'car', owner, { _mask: CAR_MASK })
      .then((offered) => {
        if (!live) {
          return;
        }
        setCars(offered);
        setDraft((current) => ({ ...current, car: defaultCar(offered) }));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [userKey]);

  const slotKey = [
    userKey,
    draft.reservationType,
    draft.date,
    draft.endDate,
    draft.startTime,
    draft.endTime,
  ].join('|');
  // Exactly the free slots for the draft's date, times and type; the preferred one if it is among them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: slotKey lists what the free slots depend on
  useEffect(() => {
    if (userKey === '' || draft.date === null || draft.startTime === null || draft.endTime === null) {
      setSlots(null);
      return;
    }
    if (!isSlotRangeAskable(draft, now.date)) {
      // A date being typed, or one the create refuses anyway: the slots of the last usable draft stay.
      return;
    }
    let live = true;
    const owner = reservationInputBody({ ...draft, parkingSlot: null }, context);
    range<SlotChoice>('ReservationInput', 'parkingSlot', owner, {
      _mask: SLOT_MASK,
      _orderBy: [{ attribute: 'aggregaredName', descending: false }],
    })
      .then((offered) => {
        if (!live) {
          return;
        }
        setSlots(offered);
        setDraft((current) => {
          const kept = offered.find(
            (slot) => slot.__signedIdentifier === current.parkingSlot?.__signedIdentifier,
          );
          return {
            ...current,
            parkingSlot: kept ?? preferredSlotIfOffered(current.user?.preferredParkingSlot, offered),
          };
        });
      })
      .catch(() => setSlots([]));
    return () => {
      live = false;
    };
  }, [slotKey]);

  const type = draft.reservationType;
  const types = draft.user ? allowedReservationTypes(draft.user) : [];
  const typePickerHidden = draft.user === null || isReservationTypePickerHidden(draft.user);
  const visibility = reservationFieldVisibility(type, draft.sendNotification);
  const bounds = reservationDateBounds({ type, isAdmin, now, horizonDays });
  const minTime = draft.date === null ? null : minReservationTime(draft.date, { type, isAdmin, now });
  const warningMinutes =
    draft.date === null ? null : halfHourWarningMinutes(draft.date, draft.startTime, type, now);
  const seriesIssue = seriesEndIssue(draft, now.date);
  const endDateError = errorOf('endDate') ?? (seriesIssue === null ? undefined : translateCode(seriesIssue));
  const endDateMax =
    draft.date === null ? null : longSeriesEndDateMax(longSeriesMeasuredFrom(draft.date, now.date));
  const nonWorkingDisabled = (day: Date) => {
    const date = localDateOfPicker(day);
    return !isAdmin && date !== null && !calendar.isWorkingDay(date);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    setConflict(null);
    try {
      const created = await operation<Row[]>(
        'UserReservationPanel',
        'reservation',
        reservationInputBody(withEndDate(draft, draft.endDate), context),
      );
      setErrors(NO_FORM_ERRORS);
      toast.success(t('reservationForm.created', { count: created.length }));
      onCreated(created);
      setDraft((current) => ({ ...current, parkingSlot: null }));
      setSlots(
        (current) =>
          current?.filter((slot) => slot.__signedIdentifier !== draft.parkingSlot?.__signedIdentifier) ??
          null,
      );
    } catch (error) {
      setErrors(formErrorsOf(error, FIELDS));
      setConflict(reservationConflictOf(error));
    } finally {
      setSubmitting(false);
    }
  };

  const takeNextFreeSlot = (slot: Row) => {
    setConflict(null);
    setErrors((current) => withoutField(current, 'parkingSlot'));
    setSlots((current) =>
      current?.some((s) => s.__signedIdentifier === slot.__signedIdentifier)
        ? current
        : [...(current ?? []), slot],
    );
    setDraft((current) => ({ ...current, parkingSlot: slot }));
  };

  const textField = (field: 'guestName' | 'guestEmail' | 'guestLicensePlate', required: boolean) => (
    <TextField
      id={`${ids}-${field}`}
      label={t(`reservationForm.${field}`)}
      value={draft[field]}
      required={required}
      onChange={(event) => change(field, (current) => ({ ...current, [field]: event.target.value }))}
      error={errorOf(field) !== undefined}
      helperText={errorOf(field)}
    />
  );

  // Without a server error the picker keeps its own bound check (min/max, disabled days) as the error state.
  const pickerField = (field: Field, required = true) => ({
    textField: {
      id: `${ids}-${field}`,
      required,
      ...(errorOf(field) === undefined ? {} : { error: true, helperText: errorOf(field) }),
    },
  });

  return (
    <Paper component="form" onSubmit={submit} noValidate sx={{ p: 3 }} aria-labelledby={`${ids}-title`}>
      <Stack spacing={3}>
        <Typography id={`${ids}-title`} variant="h5" component="h2">
          {t('reservationForm.title')}
        </Typography>
        {isAdmin && (
          <Autocomplete
            options={users}
            value={draft.user}
            getOptionLabel={(user) => `${user.name ?? ''} (${user.email ?? ''})`}
            isOptionEqualToValue={(option, value) => option.__signedIdentifier === value.__signedIdentifier}
            onChange={(_event, user) =>
              change('user', (current) => (user ? draftForUser(user, context) : { ...current, user: null }))
            }
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('reservationForm.user')}
                required
                error={errorOf('user') !== undefined}
                helperText={errorOf('user')}
              />
            )}
          />
        )}
        {!typePickerHidden && (
          <FormControl>
            <FormLabel id={`${ids}-type`}>{t('reservationForm.reservationType')}</FormLabel>
            <ToggleButtonGroup
              exclusive
              color="primary"
              aria-labelledby={`${ids}-type`}
              value={type}
              onChange={(_event, next: ReservationType | null) => {
                if (next !== null) {
                  change('reservationType', (current) => withType(current, next));
                }
              }}
            >
              {types.map((option) => (
                <ToggleButton key={option} value={option}>
                  {t(`enumeration.ReservationType.${option}`)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </FormControl>
        )}
        {draft.user !== null && types.length === 0 && (
          <Alert severity="info">{t('reservationForm.noTypeAllowed')}</Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <DatePicker
            label={t('reservationForm.date')}
            value={pickerDateOf(draft.date)}
            minDate={pickerDateOf(bounds.min) ?? undefined}
            maxDate={pickerDateOf(bounds.max) ?? undefined}
            shouldDisableDate={nonWorkingDisabled}
            onChange={(value) => {
              const date = localDateOfPicker(value);
              if (date !== null) {
                change('date', (current) => withDate(current, date, now));
              }
            }}
            slotProps={pickerField('date')}
            sx={{ flex: 1 }}
          />
          {visibility.endDate && (
            <DatePicker
              label={t('reservationForm.endDate')}
              value={pickerDateOf(draft.endDate)}
              minDate={pickerDateOf(draft.date ?? bounds.endDateMin) ?? undefined}
              maxDate={pickerDateOf(endDateMax) ?? undefined}
              shouldDisableDate={nonWorkingDisabled}
              onChange={(value) => {
                const endDate = localDateOfPicker(value);
                if (endDate !== null) {
                  // Corrected on blur: while a date is typed section by section it passes through earlier days.
                  change('endDate', (current) => ({ ...current, endDate }));
                }
              }}
              slotProps={{
                textField: {
                  ...pickerField('endDate').textField,
                  ...(endDateError === undefined ? {} : { error: true, helperText: endDateError }),
                  onBlur: () => setDraft((current) => withEndDate(current, current.endDate)),
                },
              }}
              sx={{ flex: 1 }}
            />
          )}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TimePicker
            label={t('reservationForm.startTime')}
            ampm={false}
            value={pickerTimeOf(draft.startTime, draft.date)}
            minTime={pickerTimeOf(minTime, draft.date) ?? undefined}
            onChange={(value) => {
              const startTime = localTimeOfPicker(value);
              if (startTime !== null) {
                change('startTime', (current) => withStartTime(current, startTime));
              }
            }}
            slotProps={pickerField('startTime')}
            sx={{ flex: 1 }}
          />
          <TimePicker
            label={t('reservationForm.endTime')}
            ampm={false}
            value={pickerTimeOf(draft.endTime, draft.date)}
            minTime={pickerTimeOf(draft.startTime ?? minTime, draft.date) ?? undefined}
            onChange={(value) => {
              const endTime = localTimeOfPicker(value);
              if (endTime !== null) {
                change('endTime', (current) => ({ ...current, endTime }));
              }
            }}
            slotProps={pickerField('endTime')}
            sx={{ flex: 1 }}
          />
        </Stack>
        {warningMinutes !== null && (
          <Alert severity="warning" role="status">
            {t('reservationForm.warningHalfHour').replace('{num}', String(warningMinutes))}
          </Alert>
        )}
        {visibility.guestFields ? (
          <Stack spacing={2}>
            {textField('guestName', true)}
            {textField('guestEmail', true)}
            {textField('guestLicensePlate', true)}
            <FormControlLabel
              control={
                <Checkbox
                  checked={draft.instantNotificateTheDoorman}
                  onChange={(event) =>
                    setDraft((current) => ({ ...current, instantNotificateTheDoorman: event.target.checked }))
                  }
                />
              }
              label={t('reservationForm.instantNotificateTheDoorman')}
            />
          </Stack>
        ) : (
          <TextField
            id={`${ids}-car`}
            select
            required
            label={t('reservationForm.car')}
            value={draft.car?.__signedIdentifier ?? ''}
            onChange={(event) =>
              change('car', (current) => ({
                ...current,
                car: cars.find((car) => car.__signedIdentifier === event.target.value) ?? null,
              }))
            }
            error={errorOf('car') !== undefined}
            helperText={errorOf('car') ?? (cars.length === 0 ? t('reservationForm.noCar') : undefined)}
          >
            {cars.map((car) => (
              <MenuItem key={car.__signedIdentifier} value={car.__signedIdentifier}>
                {[car.licensePlate, car.manufacturer, car.model].filter(Boolean).join(' · ')}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          id={`${ids}-parkingSlot`}
          select
          required
          label={t('reservationForm.parkingSlot')}
          value={draft.parkingSlot?.__signedIdentifier ?? ''}
          onChange={(event) =>
            change('parkingSlot', (current) => ({
              ...current,
              parkingSlot: slots?.find((slot) => slot.__signedIdentifier === event.target.value) ?? null,
            }))
          }
          error={errorOf('parkingSlot') !== undefined}
          helperText={
            errorOf('parkingSlot') ?? (slots?.length === 0 ? t('reservationForm.noFreeSlot') : undefined)
          }
        >
          {(slots ?? []).map((slot) => (
            <MenuItem key={slot.__signedIdentifier} value={slot.__signedIdentifier}>
              {slot.aggregaredName}
            </MenuItem>
          ))}
        </TextField>
        {isNextToWallWarningShown(draft.parkingSlot) && (
          <Alert severity="warning" role="status">
            {t('reservationForm.warningNextToWall')}
          </Alert>
        )}
        <FormControlLabel
          control={
            <Checkbox
              checked={draft.sendNotification}
              onChange={(event) =>
                setDraft((current) => ({ ...current, sendNotification: event.target.checked }))
              }
            />
          }
          label={t('reservationForm.sendNotification')}
        />
        {visibility.reminder && (
          <TimePicker
            label={t('reservationForm.reminderBeforeReservation')}
            ampm={false}
            value={pickerTimeOf(draft.reminderBeforeReservation)}
            onChange={(value) =>
              change('reminderBeforeReservation', (current) => ({
                ...current,
                reminderBeforeReservation: localTimeOfPicker(value),
              }))
            }
            slotProps={pickerField('reminderBeforeReservation', false)}
          />
        )}
        <FormErrorAlert codes={errors.form} translate={translateCode} />
        {conflict !== null && (
          <Alert
            severity="error"
            role="alert"
            action={
              conflict.nextFreeSlot === null ? undefined : (
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => conflict.nextFreeSlot && takeNextFreeSlot(conflict.nextFreeSlot)}
                >
                  {t('reservationForm.takeNextFreeSlot', {
                    slot: String(conflict.nextFreeSlot.aggregaredName ?? ''),
                  })}
                </Button>
              )
            }
          >
            {t(`reservationForm.conflict.${conflict.code}`, {
              defaultValue: t('reservationForm.conflict.SLOT_ALREADY_RESERVED'),
            })}
            {conflict.nextFreeSlot === null && ` ${t('reservationForm.noFreeSlot')}`}
          </Alert>
        )}
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={submitting || draft.user === null || type === null}
        >
          {t('reservationForm.submit')}
        </Button>
      </Stack>
    </Paper>
  );
}
