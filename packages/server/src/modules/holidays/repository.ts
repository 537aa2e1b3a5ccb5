import type { LocalDate } from '@parkhere/contract';
import { type Kysely, sql } from 'kysely';
import { answeredRow } from '../../platform/db/answered-row.ts';
import type { DB } from '../../platform/db/schema.ts';
import { configuredToday } from '../configuration/index.ts';
import type { HolidayDates } from './holiday-rules.ts';

/* The SQL of the holidays table, besides the engine's mapping (source.ts). */

/**
 * The user's holidays but `exceptId` (the one being changed), their row locked first so two holidays of one
 * user are checked one at a time.
 */
export async function lockHolidaysOf(
  db: Kysely<DB>,
  userId: string,
  exceptId: string | null = null,
): Promise<HolidayDates[]> {
  await sql`SELECT 1 FROM users WHERE id = ${userId} FOR UPDATE`.execute(db);
  const others = await sql<HolidayDates>`SELECT to_char(start_date, 'YYYY-MM-DD') AS start_date,
      to_char(end_date, 'YYYY-MM-DD') AS end_date
    FROM holidays WHERE user_id = ${userId} AND id::text IS DISTINCT FROM ${exceptId}`.execute(db);
  return others.rows;
}

export async function insertHoliday(
  db: Kysely<DB>,
  holiday: { userId: string; startDate: LocalDate; endDate: LocalDate },
): Promise<string> {
  const inserted = await sql<{ id: string }>`INSERT INTO holidays (user_id, start_date, end_date)
    VALUES (${holiday.userId}, ${holiday.startDate}::date, ${holiday.endDate}::date)
    RETURNING id::text AS id`.execute(db);
  return answeredRow(inserted, 'an insert answers its row').id;
}

/** The holiday, locked for its deletion or change, with the configured today. */
export async function lockHoliday(
  db: Kysely<DB>,
  holidayId: string,
  now: Date,
): Promise<{ ownerId: string; startDate: string; endDate: string; today: string } | undefined> {
  const found = await sql<{ ownerId: string; startDate: string; endDate: string; today: string }>`
    SELECT h.user_id::text AS owner_id, to_char(h.start_date, 'YYYY-MM-DD') AS start_date,
      to_char(h.end_date, 'YYYY-MM-DD') AS end_date, to_char(${configuredToday(now)}, 'YYYY-MM-DD') AS today
    FROM holidays h WHERE h.id = ${holidayId} FOR UPDATE`.execute(db);
  return found.rows[0];
}

export async function storeHolidayDates(
  db: Kysely<DB>,
  holidayId: string,
  dates: { startDate: LocalDate; endDate: LocalDate },
): Promise<void> {
  await sql`UPDATE holidays SET start_date = ${dates.startDate}::date, end_date = ${dates.endDate}::date
    WHERE id = ${holidayId}`.execute(db);
}

export async function removeHoliday(db: Kysely<DB>, holidayId: string): Promise<void> {
  await db.deleteFrom('holidays').where('id', '=', holidayId).execute();
}
