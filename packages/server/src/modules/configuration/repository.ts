import type { DayOverride } from '@parkhere/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';

/* The SQL of the configuration and its additional days, besides the engine's mapping (source.ts). */

export async function insertDay(
  db: Kysely<DB>,
  day: { day: string; typeOfDay: DayOverride['typeOfDay'] },
): Promise<string> {
  const row = await db.insertInto('additionalDays').values(day).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The additional days: working days and days off that differ from the Hungarian calendar. */
export async function dayOverrides(db: Executor): Promise<DayOverride[]> {
  const days =
    await sql<DayOverride>`SELECT to_char(day, 'YYYY-MM-DD') AS day, type_of_day FROM additional_days`.execute(
      db,
    );
  return days.rows;
}

/** The configuration a rule context is made of, as one row of `settingsQuery`. */
export type RuleSettings = {
  timeZone: string | null;
  maxDaysInAdvance: number | null;
  /** How many minutes before its start an accessible slot is offered to everybody (null: no configuration). */
  accessibleSlotReleaseMinutes?: number | null;
  days: DayOverride[];
};

/**
 * The configured zone and horizon and the configuration's additional days in one row, with `extra` columns
 * of the caller's (a create reads its parties in the same statement): every statement is a round trip.
 */
export const settingsQuery = <Extra extends object = object>(extra?: RawBuilder<unknown>) =>
  sql<RuleSettings & Extra>`SELECT c.time_zone, c.max_days_in_advance, c.accessible_slot_release_minutes,
      (SELECT coalesce(json_agg(json_build_object('day', to_char(d.day, 'YYYY-MM-DD'), 'typeOfDay', d.type_of_day)
        ORDER BY d.day), '[]'::json) FROM additional_days d) AS days
      ${extra === undefined ? sql`` : sql`, ${extra}`}
    FROM (SELECT 1) AS one LEFT JOIN configuration c ON c.id = 1`;
