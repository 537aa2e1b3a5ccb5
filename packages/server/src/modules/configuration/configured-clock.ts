import { sql } from 'kysely';
import { instant, type Predicate } from '../../engine/access.ts';

/** The configured time zone as SQL: the one place a statement reads it (DESIGN §4 Clock and calendar). */
export const configuredTimeZone: Predicate = sql`(SELECT c.time_zone FROM configuration c WHERE c.id = 1)`;

/** The wall clock in the configured time zone at an instant (a `timestamp` without zone). */
export const configuredWallClock = (at: Predicate): Predicate =>
  sql`(${at} AT TIME ZONE ${configuredTimeZone})`;

/** Today in the configured time zone: reservation dates are wall-clock dates there (DESIGN §4). */
export const configuredToday = (now: Date): Predicate => sql`${configuredWallClock(instant(now))}::date`;
