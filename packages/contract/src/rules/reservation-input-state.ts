import type { LocalDate } from '../calendar/local-date.ts';
import { floorToMinute, type LocalTime } from '../calendar/local-time.ts';
import type { WallClock } from '../calendar/wall-clock.ts';
import { firstWorkingDayFrom, type WorkingCalendar } from '../calendar/working-days.ts';
import type { ReservationType } from '../model/enumerations.ts';
import {
  defaultEndTime,
  defaultStartTime,
  firstAllowedReservationType,
  halfHourWarningMinutes,
  isNextToWallWarningShown,
  isReservationTypePickerHidden,
  type ReservationTypeFlags,
  reservationFieldVisibility,
} from './reservation-form.ts';

/** The user a ReservationInput is filled in for: their type flags and working hours (UserForInput). */
export type ReservationInputUser = ReservationTypeFlags & {
  startOfWorkingTime: LocalTime;
  endOfWorkingTime: LocalTime;
};

/**
 * The read-only state attributes of ReservationInput that follow from the editable ones, computed the same
 * way by the server's `~template` and by the form on every change.
 */
export type ReservationInputState = {
  currentDate: LocalDate;
  currentTime: LocalTime;
  isAdmin: boolean;
  isNotAdmin: boolean;
  isGuestReservation: boolean;
  isNotGuestReservation: boolean;
  isLongReservation: boolean;
  isNotLongReservation: boolean;
  hideReservationType: boolean;
  hideReminderReservation: boolean;
  reminderReservationHidden: boolean;
  /** The `{num}` of the half-hour warning text, null when it is hidden. */
  warningMinutes: number | null;
  warningTextHidden: boolean;
  warningNextToWallTextHidden: boolean;
};

export const reservationInputState = (input: {
  user: ReservationTypeFlags;
  isAdmin: boolean;
  now: WallClock;
  type: ReservationType | null;
  date: LocalDate | null;
  startTime: LocalTime | null;
  sendNotification: boolean | null | undefined;
  parkingSlot: { nextToWall?: boolean | null } | null | undefined;
}): ReservationInputState => {
  const visibility = reservationFieldVisibility(input.type, input.sendNotification);
  const warningMinutes =
    input.date === null ? null : halfHourWarningMinutes(input.date, input.startTime, input.type, input.now);
  return {
    currentDate: input.now.date,
    currentTime: floorToMinute(input.now.time),
    isAdmin: input.isAdmin,
    isNotAdmin: !input.isAdmin,
    isGuestReservation: input.type === 'GUEST',
    isNotGuestReservation: input.type !== 'GUEST',
    isLongReservation: input.type === 'LONG',
    isNotLongReservation: input.type !== 'LONG',
    hideReservationType: isReservationTypePickerHidden(input.user),
    hideReminderReservation: !visibility.reminder,
    reminderReservationHidden: !visibility.reminder,
    warningMinutes,
    warningTextHidden: warningMinutes === null,
    warningNextToWallTextHidden: !isNextToWallWarningShown(input.parkingSlot),
  };
};

/** What the reminder defaults to (DESIGN §3: a duration written as a time). */
export const DEFAULT_REMINDER_BEFORE_RESERVATION = '00:15:00';

export type ReservationInputDefaults = {
  reservationType: ReservationType | null;
  date: LocalDate;
  endDate: LocalDate | null;
  startTime: LocalTime;
  endTime: LocalTime;
  sendNotification: boolean;
  reminderBeforeReservation: LocalTime;
  instantNotificateTheDoorman: boolean;
};

/**
 * The editable defaults of a new ReservationInput for a user (SPEC §4–§5): the first allowed type, today when
 * it is a working day (else the next one; administrators keep today), the default start and end times for that
 * date, notifications on. The car and the slot come from `defaultCar` and `preferredSlotIfOffered` once the
 * caller has the user's cars and the free slots.
 */
export const reservationInputDefaults = (input: {
  user: ReservationInputUser;
  isAdmin: boolean;
  now: WallClock;
  calendar: WorkingCalendar;
}): ReservationInputDefaults => {
  const reservationType = firstAllowedReservationType(input.user);
  const date = input.isAdmin
    ? input.now.date
    : (firstWorkingDayFrom(input.now.date, input.calendar) ?? input.now.date);
  const startTime = defaultStartTime(date, input.now, input.user.startOfWorkingTime);
  return {
    reservationType,
    date,
    endDate: reservationType === 'LONG' ? date : null,
    startTime,
    endTime: defaultEndTime(startTime, input.user.endOfWorkingTime),
    sendNotification: true,
    reminderBeforeReservation: DEFAULT_REMINDER_BEFORE_RESERVATION,
    instantNotificateTheDoorman: false,
  };
};
