import {
  allowedDefaultStartTime,
  compareDates,
  compareTimes,
  correctedEndDate,
  defaultEndTime,
  firstAllowedReservationType,
  isLongSeriesEndInBounds,
  type LocalDate,
  type LocalTime,
  longSeriesMeasuredFrom,
  parseDayOverrides,
  type ReservationInputUser,
  type ReservationType,
  reservationInputDefaults,
  reservationInputState,
  type TransferBody,
  type WallClock,
  type WorkingCalendar,
  workingCalendar,
} from '@parkhere/contract';
import type { Row } from '../../api/model.ts';

/*
 * The reservation form's state and its transitions (SPEC §4 'Reservation form', §5). Every rule comes from the
 * contract's rules; this module only decides which rule runs on which change.
 */

/** A user the form is filled in for, as the `user` range answers it. */
export type FormUser = Row &
  ReservationInputUser & {
    name?: string | null;
    email?: string | null;
    preferredParkingSlot?: { aggregaredName?: string | null } | null;
  };

/** A slot as the `parkingSlot` range answers it. */
export type SlotChoice = Row & {
  aggregaredName?: string | null;
  name?: string | null;
  floor?: number | null;
  garageName?: string | null;
  nextToWall?: boolean | null;
  isExclusive?: boolean | null;
  /** Who may take it (issue 29): its group's pool, an accessible slot, a slot with a charger. */
  poolGroupName?: string | null;
  isAccessible?: boolean | null;
  hasCharger?: boolean | null;
  /** The slot's floor plan as a download token; absent when none is stored. */
  floorPlan?: unknown;
  /** Its garage's fair draw (the contract's DrawSettings). */
  drawEnabled?: boolean | null;
  drawCutoffTime?: string | null;
  drawCutoffWorkingDaysBefore?: number | null;
};

/** A car as the `car` range answers it. */
export type CarChoice = Row & {
  licensePlate?: string | null;
  isFavorite?: boolean | null;
  isArchived?: boolean | null;
};

export type ReservationDraft = {
  user: FormUser | null;
  reservationType: ReservationType | null;
  date: LocalDate | null;
  endDate: LocalDate | null;
  startTime: LocalTime | null;
  endTime: LocalTime | null;
  car: CarChoice | null;
  parkingSlot: SlotChoice | null;
  guestName: string;
  guestEmail: string;
  guestLicensePlate: string;
  sendNotification: boolean;
  reminderBeforeReservation: LocalTime | null;
  instantNotificateTheDoorman: boolean;
  /** "Repeat weekly": the weekdays (`TU,TH`; empty: no repeat) and the last date (repeatPattern.ts). */
  repeatWeekdays: string;
  repeatUntil: LocalDate | null;
};

export const EMPTY_DRAFT: ReservationDraft = {
  user: null,
  reservationType: null,
  date: null,
  endDate: null,
  startTime: null,
  endTime: null,
  car: null,
  parkingSlot: null,
  guestName: '',
  guestEmail: '',
  guestLicensePlate: '',
  sendNotification: true,
  reminderBeforeReservation: null,
  instantNotificateTheDoorman: false,
  repeatWeekdays: '',
  repeatUntil: null,
};

export type FormContext = { isAdmin: boolean; now: WallClock; calendar: WorkingCalendar };

/** Selecting a user starts over with their defaults; the car and the slot follow once their ranges load. */
export function draftForUser(user: FormUser, context: FormContext): ReservationDraft {
  const defaults = reservationInputDefaults({ user, ...context });
  return {
    ...EMPTY_DRAFT,
    user,
    reservationType: firstAllowedReservationType(user),
    date: defaults.date,
    endDate: defaults.endDate,
    startTime: defaults.startTime,
    endTime: defaults.endTime,
    sendNotification: defaults.sendNotification,
    reminderBeforeReservation: defaults.reminderBeforeReservation,
    instantNotificateTheDoorman: defaults.instantNotificateTheDoorman,
  };
}

export function withType(draft: ReservationDraft, reservationType: ReservationType | null): ReservationDraft {
  return {
    ...draft,
    reservationType,
    endDate: correctedEndDate(reservationType, draft.date, draft.endDate),
  };
}

/**
 * A new date brings that date's default times (today: now + 3 minutes, but a non-administrator's QUICK before
 * noon 12:00; another day: working hours).
 */
export function withDate(
  draft: ReservationDraft,
  date: LocalDate | null,
  now: WallClock,
  isAdmin = false,
): ReservationDraft {
  if (date === null || draft.user === null) {
    return { ...draft, date };
  }
  const startTime = allowedDefaultStartTime(date, now, draft.user.startOfWorkingTime, {
    type: draft.reservationType,
    isAdmin,
  });
  return {
    ...draft,
    date,
    endDate: correctedEndDate(draft.reservationType, date, draft.endDate),
    startTime,
    endTime: defaultEndTime(startTime, draft.user.endOfWorkingTime),
  };
}

export function withEndDate(draft: ReservationDraft, endDate: LocalDate | null): ReservationDraft {
  return { ...draft, endDate: correctedEndDate(draft.reservationType, draft.date, endDate) };
}

/** A start at or after the end moves the end to its default for that start. */
export function withStartTime(draft: ReservationDraft, startTime: LocalTime | null): ReservationDraft {
  if (startTime === null || draft.user === null || draft.endTime === null) {
    return { ...draft, startTime };
  }
  const endTime =
    compareTimes(draft.endTime, startTime) > 0
      ? draft.endTime
      : defaultEndTime(startTime, draft.user.endOfWorkingTime);
  return { ...draft, startTime, endTime };
}

/**
 * SERIES_TOO_LONG when a LONG draft ends further after its first day than the server accepts, measured as the
 * server measures it; the form shows it on the end date before the user submits.
 */
export function seriesEndIssue(draft: ReservationDraft, today: LocalDate): 'SERIES_TOO_LONG' | null {
  const { date, endDate } = draft;
  if (draft.reservationType !== 'LONG' || date === null || endDate === null) {
    return null;
  }
  return isLongSeriesEndInBounds(longSeriesMeasuredFrom(date, today), endDate) ? null : 'SERIES_TOO_LONG';
}

/**
 * Whether the free-slot range is worth asking for the draft. A date picker reports every complete value while
 * a year is typed digit by digit, so the draft passes through 0002, 0020 and 0202, and a LONG end date through
 * days before the date or a century ahead; the create refuses all of them, so the form keeps the slots it has
 * and asks again once the date is today or later and a series ends within its bound.
 */
export function isSlotRangeAskable(draft: ReservationDraft, today: LocalDate): boolean {
  const { date, endDate } = draft;
  if (draft.user === null || date === null || draft.startTime === null || draft.endTime === null) {
    return false;
  }
  if (compareDates(date, today) < 0) {
    return false;
  }
  if (draft.reservationType !== 'LONG') {
    return true;
  }
  // Without an end date the server asks for the date alone.
  return endDate === null || (compareDates(endDate, date) >= 0 && isLongSeriesEndInBounds(date, endDate));
}

/**
 * Why the typed date cannot be booked, said under the field before the user submits (the picker alone only
 * turns red): in the past, beyond the type's maximum, or (for a non-administrator) not a working day.
 */
export function dateIssue(
  date: LocalDate | null,
  bounds: { min: LocalDate; max: LocalDate | null },
  isBookableDay: (date: LocalDate) => boolean,
): 'DATE_IN_THE_PAST' | 'DATE_TOO_FAR_AHEAD' | 'NOT_A_WORKING_DAY' | null {
  if (date === null) {
    return null;
  }
  if (compareDates(date, bounds.min) < 0) {
    return 'DATE_IN_THE_PAST';
  }
  if (bounds.max !== null && compareDates(date, bounds.max) > 0) {
    return 'DATE_TOO_FAR_AHEAD';
  }
  return isBookableDay(date) ? null : 'NOT_A_WORKING_DAY';
}

/**
 * The user's preferred slot when the free slots answered for the draft leave it out while others are free and
 * none is chosen: the form says so instead of clearing it silently (with no slot free at all, the waitlist
 * offer speaks).
 */
export function takenPreferredSlot(
  draft: ReservationDraft,
  slots: readonly SlotChoice[] | null,
): string | null {
  const preferred = draft.user?.preferredParkingSlot?.aggregaredName;
  if (preferred == null || slots === null || slots.length === 0 || draft.parkingSlot !== null) {
    return null;
  }
  return slots.some((slot) => slot.aggregaredName === preferred) ? null : preferred;
}

/** A holiday of the user as the panel lists it. */
export type HolidaySpan = Row & { startDate?: string | null; endDate?: string | null };

/**
 * The user's holiday a draft falls into, which the form asks to confirm before Reserve. A series the server
 * refuses as too long asks nothing: Reserve only fetches that refusal (and a century-long one meets every holiday).
 */
export function holidayOfDraft(
  draft: ReservationDraft,
  holidays: readonly HolidaySpan[],
  today: LocalDate,
): HolidaySpan | null {
  const { date } = draft;
  if (date === null || seriesEndIssue(draft, today) !== null) {
    return null;
  }
  const last = draft.reservationType === 'LONG' && draft.endDate !== null ? draft.endDate : date;
  return (
    holidays.find(
      ({ startDate, endDate }) =>
        typeof startDate === 'string' &&
        typeof endDate === 'string' &&
        compareDates(startDate, last) <= 0 &&
        compareDates(endDate, date) >= 0,
    ) ?? null
  );
}

/** The configured horizon a `ReservationInput ~template` carries; none when it is missing or not a day count. */
export const horizonOfTemplate = (template: Row | null): number | undefined => {
  const days = template?.maxDaysInAdvance;
  return typeof days === 'number' && Number.isInteger(days) && days >= 0 ? days : undefined;
};

/**
 * The working days the server applies: Hungarian holidays with the configuration's additional days, which the
 * template carries (users may not read the configuration).
 */
export const calendarOfTemplate = (template: Row | null): WorkingCalendar =>
  workingCalendar(
    parseDayOverrides(typeof template?.additionalDays === 'string' ? template.additionalDays : null),
  );

/** After a GUEST booking the guest is cleared, so pressing Reserve again cannot book the same guest twice. */
export const withoutGuest = (draft: ReservationDraft): ReservationDraft => ({
  ...draft,
  guestName: '',
  guestEmail: '',
  guestLicensePlate: '',
  instantNotificateTheDoorman: false,
});

/** A relation value on the wire: a reference by signed identifier, nothing the server would check as an update. */
export const referenceOf = (row: Row | null): Row | null =>
  row === null || row.__signedIdentifier === undefined
    ? null
    : {
        __signedIdentifier: row.__signedIdentifier,
        ...(row.__entityType ? { __entityType: row.__entityType } : {}),
      };

const textOrNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/** The ReservationInput body of a create call and of the relation ranges (the draft as their owner). */
export function reservationInputBody(
  draft: ReservationDraft,
  context: FormContext,
): TransferBody<'ReservationInput'> {
  const state = draft.user
    ? reservationInputState({
        user: draft.user,
        isAdmin: context.isAdmin,
        now: context.now,
        type: draft.reservationType,
        date: draft.date,
        startTime: draft.startTime,
        sendNotification: draft.sendNotification,
        parkingSlot: draft.parkingSlot,
      })
    : null;
  const isGuest = draft.reservationType === 'GUEST';
  const isLong = draft.reservationType === 'LONG';
  return {
    __entityType: 'ReservationInput',
    reservationType: draft.reservationType,
    date: draft.date,
    endDate: isLong ? draft.endDate : null,
    startTime: draft.startTime,
    endTime: draft.endTime,
    guestName: isGuest ? textOrNull(draft.guestName) : null,
    guestEmail: isGuest ? textOrNull(draft.guestEmail) : null,
    guestLicensePlate: isGuest ? textOrNull(draft.guestLicensePlate) : null,
    sendNotification: draft.sendNotification,
    reminderBeforeReservation: isLong || !draft.sendNotification ? null : draft.reminderBeforeReservation,
    instantNotificateTheDoorman: isGuest && draft.instantNotificateTheDoorman,
    ...(state === null
      ? {}
      : {
          currentDate: state.currentDate,
          currentTime: state.currentTime,
          isAdmin: state.isAdmin,
          isNotAdmin: state.isNotAdmin,
        }),
    user: referenceOf(draft.user),
    car: isGuest ? null : referenceOf(draft.car),
    parkingSlot: referenceOf(draft.parkingSlot),
  };
}

/**
 * The first draft of the form: the signed-in user's (else the first offered), on the date of the server's
 * template when it differs (the server knows the additional working days the browser does not).
 */
export function initialDraft(
  users: readonly FormUser[],
  template: Row | null,
  principalEmail: string,
  context: FormContext,
): ReservationDraft {
  const self = users.find((user) => user.email === principalEmail) ?? users[0];
  if (self === undefined) {
    return EMPTY_DRAFT;
  }
  const initial = draftForUser(self, context);
  const serverDate = typeof template?.date === 'string' ? template.date : null;
  return serverDate !== null && serverDate !== initial.date
    ? withDate(initial, serverDate, context.now, context.isAdmin)
    : initial;
}

/** What the free slots depend on: the user, the type, the dates and the times. */
export const slotKeyOf = (draft: ReservationDraft): Readonly<Record<string, string | null>> => ({
  user: draft.user?.__signedIdentifier ?? null,
  reservationType: draft.reservationType,
  date: draft.date,
  endDate: draft.endDate,
  startTime: draft.startTime,
  endTime: draft.endTime,
});
