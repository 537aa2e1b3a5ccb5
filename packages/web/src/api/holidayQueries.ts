import type { TransferBody } from '@parkhere/contract';
import { queryOptions, skipToken } from '@tanstack/react-query';
import { getAccessPoint, operation, type Row, range } from './model.ts';

/*
 * The server state of the holidays (the Holidays page, the holiday form; the key of the cards' palm, whose
 * read is holidayImage's) as TanStack Query keys and reads. A saved or deleted holiday invalidates the holiday
 * list and the reservation panel, whose reservations and holiday cards it changes.
 */

export const holidayKeys = {
  list: ['HolidayPanel', 'holidays'] as const,
  users: ['UserForInput', 'holidayForm'] as const,
  preview: (input: Readonly<Record<string, unknown>>) =>
    ['QueryReservationsForHolidayResult', 'preview', input] as const,
  /** The palm of the holiday cards: one download per page load, whichever panel's token asks first. */
  image: ['HolidayPanel', 'image'] as const,
};

const HOLIDAYS_MASK = '{holidayImage,holidays{startDate,endDate,userName,isNotDeletable}}';

const holidaysOf = (panel: Row): Row[] => (Array.isArray(panel.holidays) ? (panel.holidays as Row[]) : []);

/** The user's holidays, and the palm's download token of their panel. */
export const userHolidaysQuery = () =>
  queryOptions({
    queryKey: holidayKeys.list,
    queryFn: async () => {
      const panel = await getAccessPoint('userHolidays', { _mask: HOLIDAYS_MASK });
      return { holidays: holidaysOf(panel), holidayImage: panel.holidayImage };
    },
  });

/** The users a holiday may be booked for: anyone for an administrator, oneself alone for everyone else. */
export const holidayUsersQuery = () =>
  queryOptions({
    queryKey: holidayKeys.users,
    queryFn: () =>
      range('HolidayInput', 'user', { __entityType: 'ParkHere::HolidayInput' }, { _mask: '{name,email}' }),
  });

/** The reservations a holiday would delete, as `queryReservationsForHoliday` answers them. */
export const holidayPreviewQuery = (input: TransferBody<'HolidayInput'> | null) =>
  queryOptions({
    queryKey: holidayKeys.preview(input ?? {}),
    queryFn:
      input === null
        ? skipToken
        : () =>
            operation('UserForInput', 'queryReservationsForHoliday', input, undefined, {
              handleErrors: false,
            }),
  });
