import type { LocalDate, Notice } from '@parkhere/contract';
import type { Kysely } from 'kysely';
import type { ActorScope } from '../../engine/access.ts';
import type { DB } from '../../platform/db/schema.ts';
import { orNotFound } from '../../platform/errors.ts';
import { assertNoViolation } from '../../platform/violation.ts';
import type { MailBudget } from '../notifications/index.ts';
import { markDeleted } from '../reservations/index.ts';
import { reservationsForHoliday } from './holiday-reservations.ts';
import { checkHolidayChange } from './holiday-rules.ts';
import { lockHoliday, lockHolidaysOf, storeHolidayDates } from './repository.ts';

/**
 * Holiday.modifyHoliday: new dates under `checkHolidayChange`; as on saving a new holiday, the user's
 * reservations on its days are deleted in the same transaction (those on days it no longer covers stay deleted).
 */
export async function modifyHoliday(
  db: Kysely<DB>,
  request: {
    holidayId: string;
    scope: ActorScope;
    startDate: LocalDate;
    endDate: LocalDate;
    now: Date;
    budget: MailBudget;
  },
): Promise<Notice[]> {
  const { holidayId, scope, now } = request;
  const stored = orNotFound(await lockHoliday(db, holidayId, now));
  const otherHolidays = await lockHolidaysOf(db, stored.ownerId, holidayId);
  const change = { startDate: request.startDate, endDate: request.endDate };
  const actor = { userId: scope.userId, isAdministrator: scope.isAdministrator };
  assertNoViolation(checkHolidayChange(stored, change, { actor, today: stored.today, otherHolidays }));
  await storeHolidayDates(db, holidayId, change);
  const ids = await reservationsForHoliday(db, { userId: stored.ownerId, ...change }, now);
  return markDeleted(db, ids, { by: scope.email, budget: request.budget }, now);
}
