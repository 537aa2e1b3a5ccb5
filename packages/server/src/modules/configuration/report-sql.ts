import { type RawBuilder, sql } from 'kysely';

/*
 * What reports read of the configuration (issue 28), as SQL they embed, so that only this module names its
 * tables.
 */

/**
 * The one configuration row as a derived table: its time zone and working hours (the day window a garage
 * without its own measures occupancy in).
 */
export const configuredDaySql: RawBuilder<unknown> = sql`(SELECT c.time_zone, c.working_hours_start,
    c.working_hours_end FROM configuration c WHERE c.id = 1)`;

/** The additional days (`day`, `type_of_day`: WORK or HOLIDAY) as a derived table. */
export const additionalDaysSql: RawBuilder<unknown> = sql`(SELECT a.day, a.type_of_day FROM additional_days a)`;
