import { faultDetailsOf } from '../../errors/businessFault.ts';
import type { HolidaySpan } from './reservationDraft.ts';

/**
 * The holiday a create was refused for (422 ON_HOLIDAY: the owner is away on a day of it), so the form can ask
 * "Book it anyway" even where it did not know of the holiday (an administrator booking for someone else).
 */
export function holidayRefusalOf(error: unknown): HolidaySpan | null {
  const details = faultDetailsOf(error, 'ON_HOLIDAY');
  if (details === null) {
    return null;
  }
  const dateOf = (key: string) => {
    const value = details[key];
    return typeof value === 'string' ? value : null;
  };
  return { startDate: dateOf('startDate'), endDate: dateOf('endDate') };
}
