import type { Kysely } from 'kysely';
import type { ActorScope } from '../../engine/access.ts';
import type { DB } from '../../platform/db/schema.ts';
import { orNotFound } from '../../platform/errors.ts';
import { assertNoViolation } from '../../platform/violation.ts';
import { checkHolidayDeletion } from './holiday-rules.ts';
import { lockHoliday, removeHoliday } from './repository.ts';

/**
 * Holiday.deleteHoliday: `checkHolidayDeletion` (the owner unless it has ended; administrators any).
 * Reservations deleted when the holiday was saved stay deleted (DESIGN §4).
 */
export async function deleteHoliday(
  db: Kysely<DB>,
  { holidayId, scope, now }: { holidayId: string; scope: ActorScope; now: Date },
): Promise<void> {
  const holiday = orNotFound(await lockHoliday(db, holidayId, now));
  const actor = { userId: scope.userId, isAdministrator: scope.isAdministrator };
  assertNoViolation(checkHolidayDeletion(holiday, actor, holiday.today));
  await removeHoliday(db, holidayId);
}
