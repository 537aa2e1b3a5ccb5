import type { LocalDate } from '@parkhere/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * The reservations a holiday deletes (DESIGN §4): the user's ACTIVE, not yet ended, non-guest reservations
 * dated inside the holiday. `queryReservationsForHoliday` previews exactly this list; `createHoliday` deletes it.
 */
export async function reservationsForHoliday(
  db: Kysely<DB>,
  holiday: { userId: string; startDate: LocalDate; endDate: LocalDate },
  now: Date,
): Promise<string[]> {
  const found = await sql<{ id: string }>`SELECT id::text AS id FROM reservations
    WHERE owner_id = ${holiday.userId} AND reservation_status = 'ACTIVE' AND reservation_type <> 'GUEST'
      AND upper(during) > ${now.toISOString()}::timestamptz
      AND date BETWEEN ${holiday.startDate}::date AND ${holiday.endDate}::date
    ORDER BY date, start_time, id`.execute(db);
  return found.rows.map((row) => row.id);
}
