import {
  allowedReservationTypes,
  halfHourWarningMinutes,
  isReservationTypePickerHidden,
  longSeriesEndDateMax,
  longSeriesMeasuredFrom,
  minReservationTime,
  reservationDateBounds,
  reservationFieldVisibility,
  type TransferBody,
} from '@parkhere/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { reportError } from '../../api/client.ts';
import { operation, type Row } from '../../api/model.ts';
import { ofType } from '../../api/queryKeys.ts';
import {
  reservationFormSetupQuery,
  reservationKeys,
  reservationPanelQuery,
} from '../../api/reservationQueries.ts';
import { toast } from '../../feedback/toast.ts';
import { useFieldValidationText } from '../../feedback/validationText.tsx';
import { codesOf, fieldErrorText, formErrorsOf, setFormErrors } from '../forms/fieldErrors.ts';
import { limitsOf, type NamedLimits, useReservationCodeTexts } from './codeTexts.ts';
import { type ReservationConflict, reservationConflictOf, slotAvailableOf } from './conflict.ts';
import { isDrawDay, useDrawRequest } from './drawRequest.ts';
import { loadDraftDefaults } from './firstDraft.ts';
import { holidayRefusalOf, quotaRefusalOf } from './holidayRefusal.ts';
import { useOwnOverlap } from './ownReservation.ts';
import {
  isRepeatOffered,
  type PatternAnswer,
  repeatFieldsOf,
  useRepeatReservation,
} from './repeatPattern.ts';
import {
  calendarOfTemplate,
  dateIssue,
  EMPTY_DRAFT,
  type FormContext,
  type FormUser,
  type HolidaySpan,
  holidayOfDraft,
  horizonOfTemplate,
  type ReservationDraft,
  referenceOf,
  reservationInputBody,
  type SlotChoice,
  seriesEndIssue,
  withEndDate,
  withoutGuest,
} from './reservationDraft.ts';
import { RESERVATION_FIELDS, type ReservationField } from './reservationFields.ts';
import { useDraftChoices } from './useDraftChoices.ts';
import { useWallClock } from './useWallClock.ts';

const isDraftKey = (key: string): key is keyof ReservationDraft => key in EMPTY_DRAFT;
const DRAFT_KEYS = Object.keys(EMPTY_DRAFT).filter(isDraftKey);

export type ReservationFormOptions = {
  isAdmin: boolean;
  /** Picks the signed-in user among the `user` range of an administrator. */
  principalEmail: string;
  /** The first draft when the page loaded it already (`loadFirstDraft`); otherwise the form loads it. */
  firstDraft?: ReservationDraft;
  /**
   * Told of a create (a weekly pattern's too) after the panel's reservations are invalidated (an administrator's
   * tables read their own; the dashboard's panel focuses the new card).
   */
  onCreated?(reservations: Row[]): void;
  /** Told of the draw requests a day in a draw made, once the panel's are invalidated (its line takes focus). */
  onRequested?(requests: Row[]): void;
};

/**
 * The reservation form's state (SPEC §4 'Reservation form', §5): the draft in react-hook-form, the users, cars
 * and free slots it offers through TanStack Query, and everything the view shows derived by the contract's rules.
 */
export function useReservationForm({
  isAdmin,
  principalEmail,
  firstDraft,
  onCreated,
  onRequested,
}: ReservationFormOptions) {
  const { t } = useTranslation('application');
  const queryClient = useQueryClient();
  const now = useWallClock();
  const setup = useQuery(reservationFormSetupQuery<FormUser>());
  // The server's calendar: the additional days administrators enter come with the template.
  const template = setup.data?.template ?? null;
  const calendar = useMemo(() => calendarOfTemplate(template), [template]);
  const context: FormContext = useMemo(() => ({ isAdmin, now, calendar }), [isAdmin, now, calendar]);
  const form = useForm<ReservationDraft>({
    // Read once when the form mounts: a clock tick or a new answer must not reset what the user entered.
    // Without a first draft the defaults come first; the car and the slot follow as their ranges answer.
    defaultValues:
      firstDraft ??
      (async () => (await loadDraftDefaults(queryClient, { isAdmin, principalEmail, now })).draft),
    // The fields take typing before the defaults come: what the user entered then stays (their change marks it).
    resetOptions: { keepDirtyValues: true },
  });
  const { getValues, setValue, clearErrors, setError } = form;
  // Until the defaults are in, the form holds nothing at all.
  const draft: ReservationDraft = { ...EMPTY_DRAFT, ...form.watch() };
  const [conflict, setConflict] = useState<ReservationConflict | null>(null);
  // The place the user took on the waitlist for exactly this draft (null: the server named none), until it changes.
  const [joined, setJoined] = useState<{ position: number | null } | null>(null);
  // The quota a create was refused for, said in the form (with the limit) until the draft changes.
  const [quota, setQuota] = useState<ReturnType<typeof quotaRefusalOf>>(null);
  const [limits, setLimits] = useState<NamedLimits>({});

  // The signed-in user's holidays, as their panel lists them (the same cached answer): booking a day off is
  // warned about and needs a confirmation. Another user's holidays are the administrator's business.
  const forSelf = draft.user !== null && draft.user.email === principalEmail;
  const panel = useQuery({ ...reservationPanelQuery<Row, HolidaySpan>(), enabled: forSelf });
  // The server names the holiday it refused a create for (any user's, for an administrator) until the next change.
  const [refusedHoliday, setRefusedHoliday] = useState<HolidaySpan | null>(null);
  const holiday =
    (forSelf ? holidayOfDraft(draft, panel.data?.holidays ?? [], now.date) : null) ?? refusedHoliday;
  const [holidayConfirmed, setHolidayConfirmed] = useState(false);
  const ownOverlap = useOwnOverlap(draft, forSelf);
  const users = setup.data?.users ?? [];
  const horizonDays = horizonOfTemplate(setup.data?.template ?? null);

  const choices = useDraftChoices(draft, context, form);
  const { slots, adjustSlots, garage } = choices;

  const { translateCode, skipReason } = useReservationCodeTexts();
  // A pattern or length failure says what the field allows (the plate, the guest's email and name).
  const fieldText = useFieldValidationText('ReservationInput');
  const { errors } = form.formState;
  const errorOf = (field: ReservationField) =>
    fieldErrorText({ [field]: codesOf(errors[field]) }, field, (code) =>
      code === 'PATTERN_VALIDATION_FAILED' || code === 'MAX_LENGTH_VALIDATION_FAILED'
        ? fieldText(field, code)
        : translateCode(code, limits[`${field}:${code}`] ?? null),
    );

  /**
   * Sets the draft to what `next` makes of it; a change by the user also clears the field's errors and marks
   * what it changed, which the defaults' late arrival then keeps.
   */
  const update = (next: (current: ReservationDraft) => ReservationDraft, byUser = false) => {
    const current: ReservationDraft = { ...EMPTY_DRAFT, ...getValues() };
    const updated = next(current);
    for (const key of DRAFT_KEYS) {
      if (updated[key] !== current[key]) {
        setValue(key, updated[key], { shouldDirty: byUser });
      }
    }
  };
  const change = (field: ReservationField, next: (current: ReservationDraft) => ReservationDraft) => {
    clearErrors(field);
    setConflict(null);
    setPatternAnswer(null);
    setJoined(null);
    setQuota(null);
    // A confirmation holds for the days it was given for only.
    setHolidayConfirmed(false);
    setRefusedHoliday(null);
    update(next, true);
  };

  /** A refused create or join: a holiday is the form's to ask about, anything else lands on the fields. */
  const showRefusal = (error: unknown) => {
    const onHoliday = holidayRefusalOf(error);
    if (onHoliday !== null) {
      setRefusedHoliday(onHoliday);
      return;
    }
    const quotaReached = quotaRefusalOf(error);
    if (quotaReached !== null) {
      setQuota(quotaReached);
      return;
    }
    reportError(error);
    setLimits(limitsOf(error));
    setFormErrors(setError, RESERVATION_FIELDS, formErrorsOf(error, RESERVATION_FIELDS));
    setConflict(reservationConflictOf(error));
  };

  const create = useMutation({
    // A holiday refusal is the form's to ask about; every other error is reported as usual.
    mutationFn: (body: TransferBody<'ReservationInput'>) =>
      operation('UserReservationPanel', 'reservation', body, undefined, { handleErrors: false }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reservationKeys.panel }),
  });

  const request = useDrawRequest();
  const repeat = useRepeatReservation();
  // What the last weekly pattern booked and skipped, shown until the draft changes.
  const [patternAnswer, setPatternAnswer] = useState<PatternAnswer | null>(null);
  const submit = (event?: FormEvent) => {
    // The server judges the draft: errors of the last answer do not hold the next one back.
    clearErrors();
    setConflict(null);
    setQuota(null);
    return form.handleSubmit((values) => {
      const sent: ReservationDraft = { ...EMPTY_DRAFT, ...values };
      const body = reservationInputBody(withEndDate(sent, sent.endDate), context);
      const pattern = repeatFieldsOf(sent, context.isAdmin);
      if (pattern !== null) {
        repeat.mutate(
          { ...body, ...pattern, confirmHoliday: holidayConfirmed },
          {
            onSuccess: (answer) => {
              setPatternAnswer(answer);
              toast.success(t('reservationForm.created', { count: answer.reservations?.length ?? 0 }));
              onCreated?.(answer.reservations ?? []);
            },
            onError: showRefusal,
          },
        );
        return;
      }
      if (isDrawDay(sent, context)) {
        const requested = (requests: Row[]) => {
          toast.success(t('reservationForm.draw.requested', { count: requests.length }));
          onRequested?.(requests);
        };
        request.mutate(
          { ...body, confirmHoliday: holidayConfirmed },
          { onSuccess: requested, onError: showRefusal },
        );
        return;
      }
      create.mutate(
        { ...body, confirmHoliday: holidayConfirmed },
        {
          onSuccess: (created) => {
            toast.success(t('reservationForm.created', { count: created.length }));
            onCreated?.(created);
            setValue('parkingSlot', null);
            if (sent.reservationType === 'GUEST') {
              update(withoutGuest);
            }
            const reserved = sent.parkingSlot?.__signedIdentifier;
            adjustSlots((current) => current?.filter((slot) => slot.__signedIdentifier !== reserved) ?? null);
          },
          onError: (error) => {
            showRefusal(error);
            dropTakenSlot(error, sent.parkingSlot);
          },
        },
      );
    })(event);
  };

  /**
   * The chosen slot went to someone else (409 SLOT_ALREADY_RESERVED): it leaves the field and the offer at once,
   * so the last slot lost shows the waitlist without another step; the free slots are asked for again.
   */
  const dropTakenSlot = (error: unknown, taken: SlotChoice | null) => {
    if (taken === null || reservationConflictOf(error)?.code !== 'SLOT_ALREADY_RESERVED') {
      return;
    }
    setValue('parkingSlot', null);
    adjustSlots(
      (current) => current?.filter((slot) => slot.__signedIdentifier !== taken.__signedIdentifier) ?? null,
    );
    void queryClient.invalidateQueries({ queryKey: ofType('ParkingSlot') });
  };

  const join = useMutation({
    mutationFn: (body: TransferBody<'ReservationInput'>) =>
      // Its refusals are the form's to show (a free slot is offered, not reported as an error).
      operation('UserReservationPanel', 'joinWaitlist', body, undefined, { handleErrors: false }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ofType('UserReservationPanel') });
      void queryClient.invalidateQueries({ queryKey: ofType('WaitlistEntry') });
    },
  });

  /** Joins the waitlist for exactly the draft's request: no slot, the chosen garage or none for any. */
  const joinWaitlist = () => {
    clearErrors();
    setConflict(null);
    const values: ReservationDraft = { ...EMPTY_DRAFT, ...getValues() };
    const body = {
      ...reservationInputBody(withEndDate({ ...values, parkingSlot: null }, values.endDate), context),
      confirmHoliday: holidayConfirmed,
      parkingGarage: referenceOf(garage),
    };
    join.mutate(body, {
      // The offer itself turns into the user's place in line (WaitlistOfferAlert), where they were looking.
      onSuccess: (entry) =>
        setJoined({ position: typeof entry.position === 'number' ? entry.position : null }),
      onError: (error) => {
        const available = slotAvailableOf(error);
        if (available === null) {
          showRefusal(error);
          return;
        }
        setConflict(available);
        // A slot is free although the form's answer said none: the form asks for the slots again.
        void queryClient.invalidateQueries({ queryKey: ofType('ParkingSlot') });
      },
    });
  };

  const takeNextFreeSlot = (slot: SlotChoice) => {
    setConflict(null);
    clearErrors('parkingSlot');
    adjustSlots((current) =>
      current?.some((s) => s.__signedIdentifier === slot.__signedIdentifier)
        ? current
        : [...(current ?? []), slot],
    );
    setValue('parkingSlot', slot);
  };

  const type = draft.reservationType;
  const seriesIssue = seriesEndIssue(draft, now.date);
  const bounds = reservationDateBounds({ type, isAdmin, now, horizonDays });
  const typedDateIssue = dateIssue(draft.date, bounds, (date) => isAdmin || calendar.isWorkingDay(date));
  // Only an answer for this very draft says the preferred slot is taken (a placeholder is the last draft's).
  return {
    draft,
    context,
    /** The defaults (the user, the day, the times) are still being read: what is typed now would be lost. */
    defaultsLoading: form.formState.isLoading,
    users,
    cars: choices.cars,
    slots,
    /** The free slots for the draft as it is now are being asked for; the picker offers none until they come. */
    slotsLoading: choices.slotsLoading,
    conflict,
    submitting: create.isPending || join.isPending || request.isPending || repeat.isPending,
    /** "Repeat weekly" is offered for the draft's type; what the last pattern booked and skipped. */
    repeatOffered: isRepeatOffered(type, isAdmin),
    patternAnswer,
    /** The draft's day is in its garage's fair draw: Reserve requests a slot in the draw instead. */
    drawDay: isDrawDay(draft, context),
    /** The user's holiday the draft falls into; Reserve waits for `confirmHoliday`. */
    holiday,
    /** The draft's user is the signed-in one, not someone an administrator books for. */
    forSelf,
    /** The user's own reservation the draft overlaps, said before Reserve (the server would refuse it). */
    ownOverlap,
    /** The quota the last create was refused for: its sentence, with the limit. */
    quota,
    /** The draft's user may reserve in no garage: no slot to offer and nothing to wait for. */
    noGarage: choices.noGarage,
    contactEmail: typeof template?.contactEmail === 'string' ? template.contactEmail : null,
    holidayConfirmed,
    confirmHoliday: setHolidayConfirmed,
    waitlist: {
      offer: choices.offer,
      garages: choices.garages,
      garageKey: choices.garageKey,
      chooseGarage: choices.chooseGarage,
      join: joinWaitlist,
      joined,
    },
    formCodes: codesOf(errors.root?.server),
    errorOf,
    translateCode,
    skipReason,
    endDateError: errorOf('endDate') ?? (seriesIssue === null ? undefined : translateCode(seriesIssue)),
    types: draft.user ? allowedReservationTypes(draft.user) : [],
    typePickerHidden: draft.user === null || isReservationTypePickerHidden(draft.user),
    visibility: reservationFieldVisibility(type, draft.sendNotification),
    bounds,
    /**
     * The horizon the date is bounded by, for the date's hint: the configuration's, or the most generous of the
     * user's groups' ([Pools]); none where no horizon bounds the type (QUICK's next day, LONG, administrators).
     */
    horizonDays: (type === 'NORMAL' || type === 'GUEST') && bounds.max !== null ? horizonDays : undefined,
    // A date past the horizon names the last day one may book, as the server's answer does.
    dateError:
      errorOf('date') ??
      (typedDateIssue === null
        ? undefined
        : translateCode(typedDateIssue, typedDateIssue === 'DATE_TOO_FAR_AHEAD' ? bounds.max : null)),
    /** Why the slot field no longer holds what the user chose, or why it lacks their preferred slot. */
    slotNote:
      choices.slotNote === null ? undefined : t(choices.slotNote.key, { slot: choices.slotNote.slot }),
    minTime: draft.date === null ? null : minReservationTime(draft.date, { type, isAdmin, now }),
    warningMinutes:
      draft.date === null ? null : halfHourWarningMinutes(draft.date, draft.startTime, type, now),
    endDateMax:
      draft.date === null ? null : longSeriesEndDateMax(longSeriesMeasuredFrom(draft.date, now.date)),
    isNonWorkingDayDisabled: (date: string | null) =>
      !isAdmin && date !== null && !calendar.isWorkingDay(date),
    change,
    /** A change that leaves the errors standing (a checkbox, the end date corrected on blur). */
    update,
    submit,
    takeNextFreeSlot,
  };
}

export type ReservationFormState = ReturnType<typeof useReservationForm>;
