import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
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
import { isNextToWallWarningShown, minutesOf, type ReservationType } from '@parkhere/contract';
import { type ReactNode, Suspense, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../feedback/validationText.tsx';
import { useDateFormat } from '../../i18n/dateLocale.ts';
import { screenPath } from '../../screens/screens.ts';
import { ScreenLink } from '../layout/ScreenLink.tsx';
import { BeforeStage, Stage } from '../layout/StagedReveal.tsx';
import { repeatFields, whenFields } from './lazyParts.ts';
import { PatternAnswerAlert } from './PatternAnswerAlert.tsx';
import { ExistingReservationText, ReservationConflictAlert } from './ReservationConflictAlert.tsx';
import { reminderChoices, reminderWireValue } from './reminderChoice.ts';
import { draftForUser, type ReservationDraft, withType } from './reservationDraft.ts';
import { SlotPicker } from './SlotPicker.tsx';
import { type PickedDay, usePickedDay } from './usePickedDay.ts';
import { type ReservationFormOptions, useReservationForm } from './useReservationForm.ts';
import { WaitlistOfferAlert } from './WaitlistOfferAlert.tsx';

/**
 * The form's parts in a StagedReveal: head, type, dates, times, car or guest, slot, the rest with the submit
 * button. The first part is small on purpose: react-hook-form renders the whole form again as it mounts.
 */
export const FORM_STAGES = 7;

const ReservationDateFields = whenFields.lazy((module) => module.ReservationDateFields);
const RepeatFields = repeatFields.lazy((module) => module.RepeatFields);
// The times come with the dates and the repeat above them, never before: shown first, they were pushed down
// when the repeat's module arrived (CLS 0.06 of the dashboard's 0.07, issue 31 §1).
const ReservationTimeFields = whenFields.lazy((module) => module.ReservationTimeFields, repeatFields);

/** Reservation input form of the dashboard: SPEC §4 'Reservation form' and §5, rules from the contract. */
export function ReservationForm({
  pickedDay,
  ...options
}: ReservationFormOptions & { pickedDay?: PickedDay | null }) {
  const { t } = useTranslation('application');
  const format = useDateFormat();
  const form = useReservationForm(options);
  const { draft, context, cars, slots, errorOf, change, update } = form;
  const ids = useId();
  const title = useRef<HTMLHeadingElement>(null);
  usePickedDay(pickedDay, form, title);

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

  /** A yes-or-no of the draft; ticking it leaves the errors standing. */
  const checkbox = (field: 'instantNotificateTheDoorman' | 'sendNotification') => (
    <FormControlLabel
      control={
        <Checkbox
          checked={draft[field]}
          onChange={(event) => update((current) => ({ ...current, [field]: event.target.checked }))}
        />
      }
      label={t(`reservationForm.${field}`)}
    />
  );

  /** A required pick of one of the draft's choices (a car), said when there is none to pick. */
  const choiceField = <K extends 'car'>(
    field: K,
    choices: readonly NonNullable<ReservationDraft[K]>[] | null,
    choiceLabel: (choice: NonNullable<ReservationDraft[K]>) => ReactNode,
    noChoice: string,
    note?: string,
  ) => (
    <TextField
      id={`${ids}-${field}`}
      select
      required
      label={t(`reservationForm.${field}`)}
      value={draft[field]?.__signedIdentifier ?? ''}
      onChange={(event) =>
        change(field, (current) => ({
          ...current,
          [field]: choices?.find((choice) => choice.__signedIdentifier === event.target.value) ?? null,
        }))
      }
      error={errorOf(field) !== undefined}
      // A note says why the field is empty, which a bare "required" would not.
      helperText={note ?? errorOf(field) ?? (choices?.length === 0 ? noChoice : undefined)}
    >
      {(choices ?? []).map((choice) => (
        <MenuItem key={choice.__signedIdentifier} value={choice.__signedIdentifier}>
          {choiceLabel(choice)}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Paper component="form" onSubmit={form.submit} noValidate sx={{ p: 3 }} aria-labelledby={`${ids}-title`}>
      <Stack spacing={3}>
        <Typography
          id={`${ids}-title`}
          ref={title}
          tabIndex={-1}
          variant="h5"
          component="h2"
          sx={{ outline: 'none' }}
        >
          {t('reservationForm.title')}
        </Typography>
        <Stage at={2}>
          {context.isAdmin && (
            <Autocomplete
              options={form.users}
              // Its default (the administrator) replaces the text when it comes: nothing may be typed before.
              disabled={form.defaultsLoading}
              loading={form.defaultsLoading}
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
          {draft.user === null && (
            // The type picker's place while the user is not known yet (the form's reads are under way), so the
            // fields below do not jump when it appears (CLS, issue 15).
            <Box aria-hidden data-testid="type-picker-placeholder" sx={{ minHeight: 72 }} />
          )}
          {!form.typePickerHidden && (
            <FormControl>
              <FormLabel id={`${ids}-type`}>{t('reservationForm.reservationType')}</FormLabel>
              <ToggleButtonGroup
                exclusive
                color="primary"
                aria-labelledby={`${ids}-type`}
                value={draft.reservationType}
                onChange={(_event, next: ReservationType | null) => {
                  if (next !== null) {
                    change('reservationType', (current) => withType(current, next));
                  }
                }}
              >
                {form.types.map((option) => (
                  <ToggleButton key={option} value={option}>
                    {t(`enumeration.ReservationType.${option}`)}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            </FormControl>
          )}
          {draft.user !== null && form.types.length === 0 && (
            <Alert severity="info">{t('reservationForm.noTypeAllowed')}</Alert>
          )}
        </Stage>
        <Stage at={3}>
          <Suspense>
            <ReservationDateFields form={form} ids={ids} />
            <RepeatFields form={form} ids={ids} />
          </Suspense>
        </Stage>
        <Stage at={4}>
          <Suspense>
            <ReservationTimeFields form={form} ids={ids} />
          </Suspense>
          {form.ownOverlap !== null && form.conflict === null && (
            <Alert severity="warning" role="status" data-testid="own-overlap">
              <ExistingReservationText existing={form.ownOverlap} />
            </Alert>
          )}
          {form.holiday !== null && (
            <Alert severity="warning" role="status">
              {t(form.forSelf ? 'reservationForm.onHoliday' : 'reservationForm.onHolidayOf', {
                name: draft.user?.name ?? draft.user?.email ?? '',
                start: format.day(form.holiday.startDate),
                end: format.day(form.holiday.endDate),
              })}
              <FormControlLabel
                sx={{ display: 'flex' }}
                control={
                  <Checkbox
                    checked={form.holidayConfirmed}
                    onChange={(event) => form.confirmHoliday(event.target.checked)}
                  />
                }
                label={t('reservationForm.bookOnHoliday')}
              />
            </Alert>
          )}
        </Stage>
        <Stage at={5}>
          {form.visibility.guestFields ? (
            <Stack spacing={2}>
              {textField('guestName', true)}
              {textField('guestEmail', true)}
              {textField('guestLicensePlate', true)}
              {checkbox('instantNotificateTheDoorman')}
            </Stack>
          ) : (
            choiceField(
              'car',
              cars,
              (car) => [car.licensePlate, car.manufacturer, car.model].filter(Boolean).join(' · '),
              t('reservationForm.noCar'),
            )
          )}
        </Stage>
        <Stage at={6}>
          <SlotPicker
            id={`${ids}-parkingSlot`}
            slots={slots}
            loading={form.slotsLoading}
            value={draft.parkingSlot}
            onChange={(slot) => change('parkingSlot', (current) => ({ ...current, parkingSlot: slot }))}
            error={errorOf('parkingSlot') !== undefined}
            helperText={
              form.slotNote ??
              errorOf('parkingSlot') ??
              // The waitlist offer or the garage notice below says why, with what can be done about it.
              (slots?.length === 0 && form.waitlist.offer === 'none' && !form.noGarage
                ? t('reservationForm.noFreeSlot')
                : undefined)
            }
          />
          {form.noGarage && (
            <Alert severity="info" role="status" data-testid="no-garage">
              {!form.forSelf && context.isAdmin && draft.user !== null
                ? t('reservationForm.noGarageOf', { name: draft.user.name ?? draft.user.email ?? '' })
                : form.contactEmail === null
                  ? t('reservationForm.noGarage')
                  : t('reservationForm.noGarageContact', { contact: form.contactEmail })}
            </Alert>
          )}
          <WaitlistOfferAlert form={form} ids={ids} />
          {isNextToWallWarningShown(draft.parkingSlot) && (
            <Alert severity="warning" role="status">
              {t('reservationForm.warningNextToWall')}
            </Alert>
          )}
        </Stage>
        <Stage at={FORM_STAGES}>
          {checkbox('sendNotification')}
          {form.visibility.reminder && (
            <TextField
              id={`${ids}-reminderBeforeReservation`}
              select
              label={t('reservationForm.reminderBeforeReservation')}
              value={
                draft.reminderBeforeReservation === null ? '' : minutesOf(draft.reminderBeforeReservation)
              }
              onChange={(event) =>
                change('reminderBeforeReservation', (current) => ({
                  ...current,
                  reminderBeforeReservation: reminderWireValue(Number(event.target.value)),
                }))
              }
              error={errorOf('reminderBeforeReservation') !== undefined}
              helperText={errorOf('reminderBeforeReservation') ?? t('reservationForm.reminderHelp')}
            >
              {reminderChoices(draft.reminderBeforeReservation).map((minutes) => (
                <MenuItem key={minutes} value={minutes}>
                  {minutes === 0
                    ? t('reservationForm.reminderAtStart')
                    : t('reservationForm.reminderMinutes', { count: minutes })}
                </MenuItem>
              ))}
            </TextField>
          )}
          <FormErrorAlert codes={form.formCodes} translate={form.translateCode} />
          {form.quota !== null && (
            <Alert severity="warning" role="alert" data-testid="quota">
              {t(form.quota.key, { ns: 'system', ...form.quota.values })}
            </Alert>
          )}
          {form.conflict !== null && (
            <ReservationConflictAlert conflict={form.conflict} onTakeNextFreeSlot={form.takeNextFreeSlot} />
          )}
          <PatternAnswerAlert form={form} />
          {form.drawDay && (
            <Alert severity="info" role="status" data-testid="draw-day">
              {t('reservationForm.draw.inDraw', { garage: draft.parkingSlot?.garageName ?? '' })}{' '}
              <ScreenLink to={screenPath('drawGuide')}>{t('reservationPanel.draw.guide')}</ScreenLink>
            </Alert>
          )}
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={
              form.submitting ||
              draft.user === null ||
              draft.reservationType === null ||
              (form.holiday !== null && !form.holidayConfirmed)
            }
          >
            {t(form.drawDay ? 'reservationForm.draw.submit' : 'reservationForm.submit')}
          </Button>
        </Stage>
        <BeforeStage at={FORM_STAGES}>
          {/* Holds a screen's height until the last part is in, so what follows the form does not move. */}
          <Box aria-hidden sx={{ minHeight: '100vh' }} />
        </BeforeStage>
      </Stack>
    </Paper>
  );
}
