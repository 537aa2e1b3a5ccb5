import type { LocalDate, Notice } from '@parkhere/contract';
import type { Kysely } from 'kysely';
import type { ActorScope } from '../../engine/access.ts';
import { todayIn } from '../../platform/calendar.ts';
import type { DB } from '../../platform/db/schema.ts';
import { ForbiddenError, ValidationError } from '../../platform/errors.ts';
import { assertNoViolation } from '../../platform/violation.ts';
import type { MailBudget } from '../notifications/index.ts';
import { loadRuleContext, markDeleted } from '../reservations/index.ts';
import { reservationsForHoliday } from './holiday-reservations.ts';
import { checkHoliday } from './holiday-rules.ts';
import { insertHoliday, lockHolidaysOf } from './repository.ts';

export type HolidayRequest = {
  /** `administration`: the reservations panel, administrators only. */
  panel: 'user' | 'administration';
  scope: ActorScope;
  userId: string | null;
  startDate: LocalDate;
  endDate: LocalDate;
  now: Date;
  /** The deleted reservations' guest mails spend it. */
  budget: MailBudget;
};

/** The checks a holiday and its preview share: owner or administrator, dates, no overlap. */
export async function checkedHoliday(
  db: Kysely<DB>,
  request: HolidayRequest,
): Promise<{ userId: string; startDate: LocalDate; endDate: LocalDate; now: Date }> {
  if (request.panel === 'administration' && !request.scope.isAdministrator) {
    throw new ForbiddenError('PERMISSION_DENIED');
  }
  const { now } = request;
  const userId = request.userId;
  if (userId === null) {
    throw new ValidationError([{ code: 'MISSING_REQUIRED_ATTRIBUTE', level: 'ERROR', location: 'user' }]);
  }
  const context = await loadRuleContext(db, request.scope, now);
  const otherHolidays = await lockHolidaysOf(db, userId);
  assertNoViolation(
    checkHoliday(
      { ownerId: userId, startDate: request.startDate, endDate: request.endDate },
      { actor: context.actor, today: todayIn(now, context.timeZone), otherHolidays },
    ),
  );
  return { userId, startDate: request.startDate, endDate: request.endDate, now };
}

/**
 * UserReservationPanel.holiday, HolidayPanel.holiday, ReservationsPanel.holiday: the holiday is stored and,
 * in the same transaction, the user's reservations on those dates are deleted (with their deletion mails).
 */
export async function createHoliday(
  db: Kysely<DB>,
  request: HolidayRequest,
): Promise<{ id: string; notices: Notice[] }> {
  const holiday = await checkedHoliday(db, request);
  const id = await insertHoliday(db, holiday);
  const ids = await reservationsForHoliday(db, holiday, holiday.now);
  const notices = await markDeleted(
    db,
    ids,
    { by: request.scope.email, budget: request.budget },
    holiday.now,
  );
  return { id, notices };
}
