import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { checkedHoliday, type HolidayRequest } from './create-holiday.ts';
import { reservationsForHoliday } from './holiday-reservations.ts';

/** UserForInput.queryReservationsForHoliday: exactly the reservations saving the holiday would delete. */
export async function queryReservationsForHoliday(
  db: Kysely<DB>,
  request: HolidayRequest,
): Promise<{ ids: string[] }> {
  const holiday = await checkedHoliday(db, request);
  return { ids: await reservationsForHoliday(db, holiday, holiday.now) };
}
