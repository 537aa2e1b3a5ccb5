import {
  type AvailabilityDay,
  addDays,
  compareDates,
  isoDayOfWeek,
  type LocalDate,
} from '@parkhere/contract';

/*
 * The dashboard's week view (issue 32, item 1) without React: which days it asks for, what each day says, and
 * whether a tap may fill the form with it. The texts are the application namespace's `availability.*`.
 */

/** The Monday of `date`'s week. */
export const mondayOf = (date: LocalDate): LocalDate => addDays(date, 1 - isoDayOfWeek(date));

/** The period the view asks for: this week, or this and next on a wide screen. */
export const weekPeriod = (today: LocalDate, weeks: 1 | 2): { from: LocalDate; to: LocalDate } => {
  const from = mondayOf(today);
  return { from, to: addDays(from, 7 * weeks - 1) };
};

/** A day the form may be filled with: a working day from today on. */
export const isPickable = (day: AvailabilityDay, today: LocalDate): boolean =>
  day.isWorkingDay && compareDates(day.date, today) >= 0;

type Translate = (key: string, values?: Record<string, unknown>) => string;
const hhmm = (time: string) => time.slice(0, 5);

/** What is the user's that day, each a short line (their reservations first). */
export function mineLines(day: AvailabilityDay, t: Translate): string[] {
  const { mine } = day;
  return [
    ...mine.reservations.map((reservation) =>
      t(reservation.guestName === null ? 'availability.reservation' : 'availability.guestReservation', {
        slot: reservation.slotName,
        start: hhmm(reservation.startTime),
        end: hhmm(reservation.endTime),
        guest: reservation.guestName,
      }),
    ),
    ...(mine.onHoliday ? [t('availability.holiday')] : []),
    ...(mine.waitlistPosition === null
      ? []
      : [t('availability.waitlist', { position: mine.waitlistPosition })]),
    ...(mine.drawRequest ? [t('availability.drawRequest')] : []),
    ...(mine.assignedSlot === null || !day.isWorkingDay
      ? []
      : [
          t(mine.assignedSlot.givenBack ? 'availability.assignedGivenBack' : 'availability.assigned', {
            slot: mine.assignedSlot.slotName,
          }),
        ]),
  ];
}

/** The free count as the day shows it; null on a non-working day. */
export const freeText = (day: AvailabilityDay, t: Translate): string =>
  day.freeSlots === null || day.totalSlots === null
    ? t('availability.nonWorking')
    : t('availability.free', { free: day.freeSlots, total: day.totalSlots });

/** The day's accessible name: when, the free count, what is the user's, and what a tap does. */
export function dayLabel(day: AvailabilityDay, when: string, today: LocalDate, t: Translate): string {
  const parts = [when, freeText(day, t), ...mineLines(day, t)];
  return isPickable(day, today) ? t('availability.pick', { day: parts.join(', ') }) : parts.join(', ');
}
