import { hungarianPublicHolidays, type LocalDate } from '@parkhere/contract';
import { type RawBuilder, sql } from 'kysely';
import { ref } from '../../engine/source.ts';
import { additionalDaysSql, configuredToday } from '../configuration/index.ts';
import { ownerAwaySql } from './rules/assigned-slot.ts';

type Sql = RawBuilder<unknown>;

/*
 * [Pools] Whether an assigned slot's owner comes today (the doorman's arrivals, DoormanArrivals.expectedOwners):
 * the rule's other side, on today in the configured zone.
 */

/** Today in the configured zone, as the doorman's arrivals read it. */
const today = (now: Date) => configuredToday(now);

/**
 * Whether today is a working day in SQL: an additional day says so (WORK or HOLIDAY), else a weekday that is
 * no public holiday (the working calendar's rule, contract's workingCalendar; the holidays of the years around
 * `now`, whichever day today is in the configured zone).
 */
const workingTodaySql = (now: Date) => {
  const year = now.getUTCFullYear();
  const publicHolidays = [year - 1, year, year + 1].flatMap((each) =>
    hungarianPublicHolidays(each).map((holiday) => holiday.date),
  );
  return sql`(SELECT CASE a.type_of_day WHEN 'WORK' THEN true WHEN 'HOLIDAY' THEN false
      ELSE extract(isodow FROM d.day) < 6 AND d.day <> ALL (${publicHolidays}::date[]) END
    FROM (SELECT ${today(now)} AS day) d LEFT JOIN ${additionalDaysSql} a ON a.day = d.day)`;
};

/** The slot row `alias` is active and assigned to an active owner who is not away on `day` (SQL of a date). */
const ownerComesSql = (alias: string, day: Sql) =>
  sql`(${ref(alias, 'assigned_to_id')} IS NOT NULL AND ${ref(alias, 'is_active')}
    AND EXISTS (SELECT 1 FROM users o WHERE o.id = ${ref(alias, 'assigned_to_id')} AND o.is_active)
    AND NOT ${ownerAwaySql(alias, day)})`;

/**
 * The slot row `alias` is assigned to an active owner who comes today: a working day, the slot active, and
 * the owner not away (rules/assigned-slot.ts' ownerAwaySql: no holiday, the day not given back).
 */
export const ownerExpectedTodaySql = (alias: string, now: Date) =>
  sql`(${ownerComesSql(alias, today(now))} AND ${workingTodaySql(now)})`;

/**
 * The same on `date`, a working day its caller has judged (the doormen's morning summary runs on working days
 * only).
 */
export const ownerExpectedOnSql = (alias: string, date: LocalDate) =>
  ownerComesSql(alias, sql`${date}::date`);
