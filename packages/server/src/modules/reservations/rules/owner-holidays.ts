import { compareDates, type LocalDate } from '@parkhere/contract';
import { business, type Violation } from '../../../platform/violation.ts';
import type { OwnerHoliday } from './facts.ts';

/**
 * A reservation on a day its owner has a holiday: they are away, so it is refused (422 ON_HOLIDAY, naming the
 * first such holiday) unless the request confirms it. Only the owner's holidays count: the days of whoever
 * books (an administrator) are not the owner's. The holidays' own rules live in modules/holidays.
 */
export const checkHolidayConfirmed = (
  days: readonly LocalDate[],
  ownerHolidays: readonly OwnerHoliday[],
  confirmed: boolean,
): Violation[] => {
  if (confirmed) {
    return [];
  }
  const holiday = ownerHolidays.find((span) =>
    days.some((day) => compareDates(span.startDate, day) <= 0 && compareDates(day, span.endDate) <= 0),
  );
  return holiday === undefined
    ? []
    : [
        business('ON_HOLIDAY', `The owner has a holiday from ${holiday.startDate} to ${holiday.endDate}`, {
          startDate: holiday.startDate,
          endDate: holiday.endDate,
        }),
      ];
};
