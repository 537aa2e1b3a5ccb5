import type { LocalDate } from '@parkhere/contract';
import { type RawBuilder, sql } from 'kysely';
import { stampedTransaction } from './db/actor-stamp.ts';
import { pseudonymiseAudit } from './db/audit.ts';
import type { Executor } from './db/executor.ts';
import type { JobContext } from './jobs/job-types.ts';

/*
 * Retention (issue 27, item 6): what is older than the configured months loses what names people. Each module
 * contributes its own step (`retention` in its index.ts) and the daily job (the composition's retention.ts)
 * runs every step, batch after batch, each batch a transaction of its own, so no module names another's
 * tables and a run cut short by a crash goes on where it stopped.
 */

/** What a run is about: `before` is the first day kept (the days before it are past retention). */
export type RetentionDue = { now: Date; before: LocalDate };

/**
 * One batch of a module's retention in the caller's transaction: how many rows it changed or removed, 0 when
 * nothing is left to do. A step called again after its work is done changes nothing.
 */
export type RetentionStep = (db: Executor, due: RetentionDue) => Promise<number>;

/** Rows one batch handles: a transaction of modest size, however much the first run after a long time finds. */
export const RETENTION_BATCH = 500;

/**
 * Runs `batch` (one batch of a clean-up: how many rows it changed or removed) until it finds fewer than
 * RETENTION_BATCH, each in a transaction of its own stamped with the job's actor and `reason`, so a run cut
 * short keeps what it did and its retry goes on where it stopped. How many rows it changed in all.
 */
export const untilDone = async (
  context: JobContext,
  reason: string,
  batch: (db: Executor) => Promise<number>,
): Promise<number> => {
  let total = 0;
  for (;;) {
    const done = await stampedTransaction(context.db, { ...context.stamp, reason }, batch);
    total += done;
    if (done < RETENTION_BATCH) {
      return total;
    }
  }
};

/** A reservation's or a waitlist place's guest past retention: the values a GUEST row must hold, naming nobody. */
export const anonymisedGuest = {
  guest_name: 'Anonymised guest',
  guest_email: 'guest@anonymised.invalid',
  guest_license_plate: 'ANONYMISED',
} as const;

/** What a column of a row past retention becomes: a fixed text where a value stands (a guest must keep one), or NULL. */
export type Replacement = string | null;

/**
 * The step of a table whose rows of a day (`date`) stay for the statistics with their people's details
 * replaced (`columns`: a text column → its replacement where it holds a value; `clear`: other columns set to
 * NULL): a batch of rows past retention and not yet done, marked done (`anonymised_at`). The audit entries about
 * those rows, the one this change adds included, have the replaced values replaced too (migration 0028's
 * audit_pseudonymise), so the log keeps none of them either.
 */
export const anonymiseRowsPastRetention =
  (
    table: string,
    columns: Readonly<Record<string, Replacement>>,
    clear: readonly string[] = [],
  ): RetentionStep =>
  async (db, { now, before }) => {
    const names = Object.keys(columns);
    const replaced = (name: string, replacement: Replacement): RawBuilder<unknown> =>
      replacement === null
        ? sql`NULL`
        : sql`CASE WHEN ${sql.ref(`t.${name}`)} IS NULL THEN NULL ELSE ${replacement}::text END`;
    const done = await sql<Record<string, string | null>>`WITH due AS (
        SELECT id, ${sql.join(names.map((name) => sql.ref(name)))} FROM ${sql.table(table)}
        WHERE anonymised_at IS NULL AND date < ${before}::date
        ORDER BY date, id LIMIT ${RETENTION_BATCH} FOR UPDATE)
      UPDATE ${sql.table(table)} AS t SET ${sql.join([
        ...names.map((name) => sql`${sql.ref(name)} = ${replaced(name, columns[name] ?? null)}`),
        ...clear.map((name) => sql`${sql.ref(name)} = NULL`),
        sql`anonymised_at = ${now}::timestamptz`,
        sql`version = t.version + 1`,
      ])}
      FROM due WHERE t.id = due.id
      RETURNING t.id::text AS id, ${sql.join(names.map((name) => sql`${sql.ref(`due.${name}`)} AS ${sql.ref(name)}`))}`.execute(
      db.withoutPlugins(),
    );
    const replacements: Record<string, Replacement> = {};
    for (const row of done.rows) {
      for (const name of names) {
        const value = row[name];
        if (typeof value === 'string') {
          replacements[value] = columns[name] ?? null;
        }
      }
    }
    const ids = done.rows.map((row) => String(row.id));
    if (ids.length > 0) {
      await pseudonymiseAudit(db, table, ids, replacements);
    }
    return ids.length;
  };
