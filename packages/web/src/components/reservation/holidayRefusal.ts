import { BUSINESS_FAULT_NAME } from '@parkhere/contract';
import { ApiError } from '../../errors/apiError.ts';
import type { HolidaySpan } from './reservationDraft.ts';

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

/**
 * The holiday a create was refused for (422 ON_HOLIDAY: the owner is away on a day of it), so the form can ask
 * "Book it anyway" even where it did not know of the holiday (an administrator booking for someone else).
 */
export function holidayRefusalOf(error: unknown): HolidaySpan | null {
  if (!(error instanceof ApiError) || error.status !== 422 || !isObject(error.body)) {
    return null;
  }
  if (Reflect.get(error.body, 'code') !== 'ON_HOLIDAY') {
    return null;
  }
  const fault = Reflect.get(error.body, BUSINESS_FAULT_NAME);
  const details =
    Reflect.get(error.body, 'details') ?? (isObject(fault) ? Reflect.get(fault, 'details') : null);
  const dateOf = (key: string) => {
    const value = isObject(details) ? Reflect.get(details, key) : null;
    return typeof value === 'string' ? value : null;
  };
  return { startDate: dateOf('startDate'), endDate: dateOf('endDate') };
}
