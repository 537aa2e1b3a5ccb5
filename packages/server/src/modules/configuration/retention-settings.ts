import { DEFAULT_TIME_ZONE, type LocalDate } from '@parkhere/contract';
import { sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import { assertNoViolation, business } from '../../platform/violation.ts';
import { configuredToday } from './configured-clock.ts';

/*
 * The retention of reservations and waitlist places (issue 27, item 6): how many months they keep the details
 * that name people. The bounds: a month at least, as the calendar feed and the reminders read a month back,
 * and ten years at most, beyond any retention a workplace keeps bookings for.
 */
export const RETENTION_MONTHS = { min: 1, max: 120, default: 24 } as const;

/** A retention outside the bounds is refused (422), before the database's check would answer it. */
export const assertRetentionMonths = (months: unknown): void => {
  if (typeof months === 'number' && (months < RETENTION_MONTHS.min || months > RETENTION_MONTHS.max)) {
    assertNoViolation([
      business('RETENTION_OUT_OF_RANGE', 'The retention must be between 1 and 120 months', {
        attribute: 'retentionMonths',
        min: RETENTION_MONTHS.min,
        max: RETENTION_MONTHS.max,
      }),
    ]);
  }
};

/**
 * The first day kept at `now`: today in the configured zone, the configured months back (a day the month back
 * lacks is its month's last, as PostgreSQL counts months); with the zone, for when the daily run comes.
 */
export async function retentionBoundary(
  db: Executor,
  now: Date,
): Promise<{ before: LocalDate; timeZone: string }> {
  const found = await sql<{ before: LocalDate; timeZone: string }>`SELECT
      to_char(${configuredToday(now)} - make_interval(months => coalesce(c.retention_months, ${RETENTION_MONTHS.default})),
        'YYYY-MM-DD') AS before, coalesce(c.time_zone, ${DEFAULT_TIME_ZONE}) AS time_zone
    FROM (SELECT 1) AS one LEFT JOIN configuration c ON c.id = 1`.execute(db);
  const row = found.rows[0];
  if (row === undefined) {
    throw new Error('no retention boundary');
  }
  return row;
}
