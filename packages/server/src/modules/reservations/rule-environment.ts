import { type DayOverride, workingCalendar } from '@parkhere/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { ActorScope, RequestScope } from '../../engine/access.ts';
import type { DB } from '../../platform/db/schema.ts';
import type { RuleContext } from './rules/index.ts';

/** The configuration a rule context is made of, as one row of `settingsQuery`. */
export type RuleSettings = { timeZone: string | null; maxDaysInAdvance: number | null; days: DayOverride[] };

/**
 * The configured zone and horizon and the configuration's additional days in one row, with `extra` columns
 * of the caller's (a create reads its parties in the same statement): every statement is a round trip.
 */
export const settingsQuery = <Extra extends object = object>(extra?: RawBuilder<unknown>) =>
  sql<RuleSettings & Extra>`SELECT c.time_zone, c.max_days_in_advance,
      (SELECT coalesce(json_agg(json_build_object('day', to_char(d.day, 'YYYY-MM-DD'), 'typeOfDay', d.type_of_day)
        ORDER BY d.day), '[]'::json) FROM additional_days d) AS days
      ${extra === undefined ? sql`` : sql`, ${extra}`}
    FROM (SELECT 1) AS one LEFT JOIN configuration c ON c.id = 1`;

/** The rule context of `settings` for the actor at `now`: Hungarian holidays plus the additional days. */
export const ruleContextOf = (settings: RuleSettings, scope: ActorScope, now: Date): RuleContext => ({
  actor: { userId: scope.userId, isAdministrator: scope.isAdministrator },
  now,
  timeZone: settings.timeZone ?? 'Europe/Budapest',
  calendar: workingCalendar(settings.days),
  horizonDays: settings.maxDaysInAdvance ?? 14,
});

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
