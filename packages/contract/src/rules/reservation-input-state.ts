import { addDays, type LocalDate } from '../calendar/local-date.ts';
import { compareTimes, floorToMinute, type LocalTime, minutesOf } from '../calendar/local-time.ts';
import type { WallClock } from '../calendar/wall-clock.ts';
import { firstWorkingDayFrom, nextWorkingDay, type WorkingCalendar } from '../calendar/working-days.ts';
import type { ReservationType } from '../model/enumerations.ts';
import {
  allowedDefaultStartTime,
  defaultEndTime,
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

/** The shortest reservation DESIGN §4 allows: a today whose default interval is shorter is over. */
const MIN_DURATION_MINUTES = 30;

/**
 * Whether today is over for a new reservation: the user's working time has ended, or the default interval
 * left today is shorter than a reservation may be. Nobody books 21:09–23:59, so the form opens on the next
 * working day instead.
 */
const isTodayOver = (now: WallClock, user: ReservationInputUser, start: LocalTime, end: LocalTime): boolean =>
  compareTimes(floorToMinute(now.time), floorToMinute(user.endOfWorkingTime)) >= 0 ||
  minutesOf(end) - minutesOf(start) < MIN_DURATION_MINUTES;

/**
 * The editable defaults of a new ReservationInput for a user (SPEC §4–§5): the first allowed type, today when
 * it is a working day (else the next one; administrators keep today) and today is not over, the default start
 * and end times for that date (never before the earliest start the rules allow), notifications on. The car and
 * the slot come from `defaultCar` and `preferredSlotIfOffered` once the caller has the user's cars and the free
 * slots.
 */
export const reservationInputDefaults = (input: {
  user: ReservationInputUser;
  isAdmin: boolean;
  now: WallClock;
  calendar: WorkingCalendar;
}): ReservationInputDefaults => {
  const { user, isAdmin, now, calendar } = input;
  const reservationType = firstAllowedReservationType(user);
  const timesOn = (day: LocalDate): { startTime: LocalTime; endTime: LocalTime } => {
    const startTime = allowedDefaultStartTime(day, now, user.startOfWorkingTime, {
      type: reservationType,
      isAdmin,
    });
    return { startTime, endTime: defaultEndTime(startTime, user.endOfWorkingTime) };
  };
  let date = isAdmin ? now.date : (firstWorkingDayFrom(now.date, calendar) ?? now.date);
  let times = timesOn(date);
  if (date === now.date && isTodayOver(now, user, times.startTime, times.endTime)) {
    date = nextWorkingDay(now.date, calendar) ?? addDays(now.date, 1);
    times = timesOn(date);
  }
  return {
    reservationType,
    date,
    endDate: reservationType === 'LONG' ? date : null,
    ...times,
    sendNotification: true,
    reminderBeforeReservation: DEFAULT_REMINDER_BEFORE_RESERVATION,
    instantNotificateTheDoorman: false,
  };
};
