import { type LocalTime, minutesOf, timeOfMinutes } from '@parkhere/contract';

/*
 * The reminder is a duration on the wire (`reminderBeforeReservation`, a time HH:mm:ss, DESIGN §3), which a
 * clock picker showed as a time of day ("00:15"). The form offers it as minutes before the start instead.
 */

/** The reminders the form offers, in minutes before the start. */
export const REMINDER_MINUTES: readonly number[] = [0, 5, 10, 15, 30, 60];

/** The wire value of a reminder `minutes` before the start. */
export const reminderWireValue = (minutes: number): LocalTime => timeOfMinutes(minutes);

/** The offered minutes, plus the draft's own value when it is another (a reservation made elsewhere). */
export const reminderChoices = (current: LocalTime | null): number[] => {
  const minutes = current === null ? null : minutesOf(current);
  return minutes === null || REMINDER_MINUTES.includes(minutes)
    ? [...REMINDER_MINUTES]
    : [...REMINDER_MINUTES, minutes].sort((a, b) => a - b);
};
