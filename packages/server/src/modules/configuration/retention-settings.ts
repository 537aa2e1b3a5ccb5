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

/** The configuration's retentions, each in months within RETENTION_MONTHS: attribute → column. */
const RETENTIONS = {
  retentionMonths: 'retention_months',
  auditRetentionMonths: 'audit_retention_months',
} as const;

/** A retention outside the bounds is refused (422), before the database's check would answer it. */
export const assertRetentionMonths = (columns: Readonly<Record<string, unknown>>): void => {
  assertNoViolation(
    Object.entries(RETENTIONS).flatMap(([attribute, column]) => {
      const months = columns[column];
      return typeof months === 'number' && (months < RETENTION_MONTHS.min || months > RETENTION_MONTHS.max)
        ? [
            business('RETENTION_OUT_OF_RANGE', 'The retention must be between 1 and 120 months', {
              attribute,
              min: RETENTION_MONTHS.min,
              max: RETENTION_MONTHS.max,
            }),
          ]
        : [];
    }),
  );
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

/**
 * The audit log's bound at `now` (issue 28, item 8): entries from before it are past the configured months of
 * the log's retention and go.
 */
export async function auditRetentionBoundary(db: Executor, now: Date): Promise<Date> {
  const found = await sql<{ before: Date }>`SELECT ${now}::timestamptz
      - make_interval(months => coalesce(c.audit_retention_months, ${RETENTION_MONTHS.default})) AS before
    FROM (SELECT 1) AS one LEFT JOIN configuration c ON c.id = 1`.execute(db);
  const before = found.rows[0]?.before;
  if (before === undefined) {
    throw new Error('no audit retention boundary');
  }
  return new Date(before);
}
