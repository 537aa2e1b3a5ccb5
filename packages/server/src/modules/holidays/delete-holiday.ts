import { type Kysely, sql } from 'kysely';
import type { ActorScope } from '../../engine/access.ts';
import type { DB } from '../../platform/db/schema.ts';
import { EntityNotFoundError } from '../../platform/errors.ts';
import { configuredToday } from '../configuration/index.ts';
import { assertNoViolation, checkHolidayDeletion } from '../reservations/index.ts';

/**
 * Holiday.deleteHoliday: `checkHolidayDeletion` (the owner unless it has ended; administrators any).
 * Reservations deleted when the holiday was saved stay deleted (DESIGN §4).
 */
export async function deleteHoliday(
  db: Kysely<DB>,
  { holidayId, scope, now }: { holidayId: string; scope: ActorScope; now: Date },
): Promise<void> {
  const found = await sql<{ ownerId: string; startDate: string; endDate: string; today: string }>`
    SELECT h.user_id::text AS owner_id, to_char(h.start_date, 'YYYY-MM-DD') AS start_date,
      to_char(h.end_date, 'YYYY-MM-DD') AS end_date, to_char(${configuredToday(now)}, 'YYYY-MM-DD') AS today
    FROM holidays h WHERE h.id = ${holidayId} FOR UPDATE`.execute(db);
  const holiday = found.rows[0];
  if (holiday === undefined) {
    throw new EntityNotFoundError();
  }
  const actor = { userId: scope.userId, isAdministrator: scope.isAdministrator };
  assertNoViolation(checkHolidayDeletion(holiday, actor, holiday.today));
  await db.deleteFrom('holidays').where('id', '=', holidayId).execute();
}
