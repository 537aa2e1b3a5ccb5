import type { Row } from '../../api/model.ts';

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

/** The HolidayInput body of the preview and of the save: the form's values and the chosen user. */
export function holidayInputOf(state: HolidayFormState): Record<string, unknown> {
  return { startDate: state.startDate, endDate: state.endDate, user: state.user };
}

/** SPEC §5: both dates have today as their minimum; the end follows the start when it is set. */
export function dateMinimums(today: string, state: HolidayFormState): { startDate: string; endDate: string } {
  return {
    startDate: today,
    endDate: state.startDate !== '' && state.startDate > today ? state.startDate : today,
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
