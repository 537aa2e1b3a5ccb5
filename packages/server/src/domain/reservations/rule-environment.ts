import { type DayOverride, workingCalendar } from '@parkhere/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { ActorScope } from '../policy.ts';
import type { RuleContext } from '../reservation-rules/index.ts';

/**
 * What every reservation operation reads before it applies the rules: the configured zone and horizon and the
 * working-day calendar (Hungarian holidays plus the configuration's additional days), with the clock's now.
 */
export async function loadRuleContext(db: Kysely<DB>, scope: ActorScope, now: Date): Promise<RuleContext> {
  const settings = await sql<{ timeZone: string; maxDaysInAdvance: number }>`
    SELECT time_zone, max_days_in_advance FROM configuration WHERE id = 1`.execute(db);
  const days = await sql<DayOverride>`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, type_of_day FROM additional_days`.execute(db);
  const row = settings.rows[0];
  return {
    actor: { userId: scope.userId, isAdministrator: scope.isAdministrator },
    now,
    timeZone: row?.timeZone ?? 'Europe/Budapest',
    calendar: workingCalendar(days.rows),
    horizonDays: row?.maxDaysInAdvance ?? 14,
  };
}
