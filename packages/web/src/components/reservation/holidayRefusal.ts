import { ApiError } from '../../errors/apiError.ts';
import { businessFaultSentence, faultDetailsOf, type Sentence } from '../../errors/businessFault.ts';
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

/**
 * The sentence of a create refused for the user's quota (422 TOO_MANY_RESERVATION: "You can hold at most 5
 * upcoming normal reservations."), shown in the form beside Reserve rather than in an error dialog; null for
 * any other answer.
 */
export function quotaRefusalOf(error: unknown): Sentence | null {
  return error instanceof ApiError && faultDetailsOf(error, 'TOO_MANY_RESERVATION') !== null
    ? businessFaultSentence(error.body)
    : null;
}
