import { DEFAULT_RESERVATION_HORIZON_DAYS, workingCalendar } from '@parkhere/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { ActorScope, RequestScope } from '../../engine/access.ts';
import type { DB } from '../../platform/db/schema.ts';
import { type RuleSettings, settingsQuery } from '../configuration/index.ts';
import { effectiveRuleSql } from '../groups/index.ts';
import type { RuleContext } from './rules/index.ts';

/** The rule context of `settings` for the actor at `now`: Hungarian holidays plus the additional days. */
export const ruleContextOf = (settings: RuleSettings, scope: ActorScope, now: Date): RuleContext => ({
  actor: { userId: scope.userId, isAdministrator: scope.isAdministrator },
  now,
  timeZone: settings.timeZone ?? 'Europe/Budapest',
  calendar: workingCalendar(settings.days),
  horizonDays: settings.maxDaysInAdvance ?? DEFAULT_RESERVATION_HORIZON_DAYS,
  ...(settings.accessibleSlotReleaseMinutes == null
    ? {}
    : { accessibleSlotReleaseMinutes: settings.accessibleSlotReleaseMinutes }),
});

/**
 * The user's horizon in a column of `settingsQuery` (whose configuration row is `c`): the configured one, or
 * the most generous of their groups' (modules/groups' effectiveRules).
 */
export const horizonOfSql = (userId: RawBuilder<unknown>) =>
  effectiveRuleSql(
    'maxDaysInAdvance',
    userId,
    sql`coalesce(c.max_days_in_advance, ${DEFAULT_RESERVATION_HORIZON_DAYS})`,
  );

/**
 * What every reservation operation reads before it applies the rules: the configured zone and horizon and the
 * working-day calendar (Hungarian holidays plus the configuration's additional days), with the clock's now.
 */
export async function loadRuleContext(
  db: Kysely<DB>,
  scope: ActorScope & Pick<RequestScope, 'recall'>,
  now: Date,
): Promise<RuleContext> {
  // Read through `db`, the caller's transaction when there is one (PGlite has a single connection).
  const read = async (): Promise<RuleSettings> =>
    (await settingsQuery().execute(db)).rows[0] ?? { timeZone: null, maxDaysInAdvance: null, days: [] };
  const settings = await (scope.recall === undefined ? read() : scope.recall('rule-settings', read));
  return ruleContextOf(settings, scope, now);
}
