import type { TransferBody } from '@parkhere/contract';
import type { Resolver } from 'react-hook-form';
import type { Row } from '../../api/model.ts';
import { toWireDate } from '../data-table/wireValues.ts';

/** What the holiday form holds before it is saved (SPEC §4 "Other forms", §5). */
export type HolidayFormState = {
  user: Row | null;
  /** `yyyy-MM-dd`, or '' while empty. */
  startDate: string;
  endDate: string;
};

/** SPEC §4: the conflicting reservations are queried and listed only when user, start and end are all set. */
export function showsConflicts(state: HolidayFormState): boolean {
  return state.user !== null && state.startDate !== '' && state.endDate !== '';
}

const HOLIDAY_FIELDS = ['user', 'startDate', 'endDate'] as const;

/** The fields a save asks for before anything is sent (SPEC §5: all three are required). */
export const missingHolidayFields = (state: HolidayFormState): (typeof HOLIDAY_FIELDS)[number][] =>
  HOLIDAY_FIELDS.filter((field) => (field === 'user' ? state.user === null : state[field] === ''));

export const EMPTY_HOLIDAY: HolidayFormState = { user: null, startDate: '', endDate: '' };

/** Saving asks for the three fields first, each missing one said on its field; nothing else is checked here. */
export const requiredHolidayFields: Resolver<HolidayFormState> = (values) => {
  // Until the defaults are in, the form holds nothing at all.
  const missing = missingHolidayFields({ ...EMPTY_HOLIDAY, ...values });
  return missing.length === 0
    ? { values, errors: {} }
    : {
        values: {},
        errors: Object.fromEntries(
          missing.map((field) => [field, { type: 'required', message: 'MISSING_REQUIRED_ATTRIBUTE' }]),
        ),
      };
};

/** A picker's value as the form holds it: a complete date (year 2, 20, 202 on the way to 2026 are not). */
export const completeDate = (value: Date | null): string =>
  value !== null && !Number.isNaN(value.getTime()) && value.getFullYear() >= 1000 ? toWireDate(value) : '';

/** The HolidayInput body of the preview and of the save: the form's values and the chosen user. */
export function holidayInputOf(state: HolidayFormState): TransferBody<'HolidayInput'> {
  return { startDate: state.startDate, endDate: state.endDate, user: state.user };
}

/** SPEC §5: both dates have today as their minimum; the end follows the start when it is set. */
export function dateMinimums(today: string, state: HolidayFormState): { startDate: string; endDate: string } {
  return {
    startDate: today,
    endDate: state.startDate !== '' && state.startDate > today ? state.startDate : today,
  };
}

/**
 * The earliest days of a stored holiday's new dates: as a new holiday's, except that one under way may keep its
 * start (before today), and its end is today at the earliest whatever the start.
 */
export function editMinimums(
  today: string,
  stored: { startDate: string },
  startDate: string,
): { startDate: string; endDate: string } {
  const underWay = stored.startDate !== '' && stored.startDate < today;
  return {
    startDate: underWay ? stored.startDate : today,
    endDate: startDate !== '' && startDate > today ? startDate : today,
  };
}

const dateOf = (row: Row): string => (typeof row.date === 'string' ? row.date : '');
const startOf = (row: Row): string => (typeof row.startTime === 'string' ? row.startTime : '');

/** SPEC §9: the conflict table is sorted by date ascending (then by start, so one day reads in order). */
export function byDateAscending(rows: readonly Row[]): Row[] {
  return [...rows].sort((a, b) => dateOf(a).localeCompare(dateOf(b)) || startOf(a).localeCompare(startOf(b)));
}

/** The reservations of a `queryReservationsForHoliday` answer, whichever shape the server sends. */
export function reservationsOf(answer: unknown): Row[] {
  if (Array.isArray(answer)) {
    return answer as Row[];
  }
  if (typeof answer === 'object' && answer !== null) {
    const reservations = Reflect.get(answer, 'reservations');
    return Array.isArray(reservations) ? (reservations as Row[]) : [];
  }
  return [];
}

/** SPEC §4: a holiday card offers Delete (and Edit) unless the server says it is not deletable (it has ended). */
export const isHolidayDeletable = (holiday: { isNotDeletable?: boolean | null }): boolean =>
  holiday.isNotDeletable !== true;
