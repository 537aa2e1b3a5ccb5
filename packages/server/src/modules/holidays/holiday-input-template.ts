import { type LocalDate, wallClockAt } from '@parkhere/contract';
import type { Kysely } from 'kysely';
import type { ActorScope } from '../../engine/access.ts';
import type { DB } from '../../platform/db/schema.ts';
import { loadRuleContext } from '../reservations/index.ts';

export type HolidayInputTemplate = {
  currentDate: LocalDate;
  userId: string;
  /** Only administrators pick whose holiday it is; everybody else enters their own. */
  userHidden: boolean;
};

/** `HolidayInput ~template`: today in the configured zone (the dates' minimum) and the actor as the user. */
export async function holidayInputTemplate(
  db: Kysely<DB>,
  scope: ActorScope,
  now: Date,
): Promise<HolidayInputTemplate> {
  const context = await loadRuleContext(db, scope, now);
  return {
    currentDate: wallClockAt(now, context.timeZone).date,
    userId: scope.userId,
    userHidden: !scope.isAdministrator,
  };
}
