import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Executor } from '../db/executor.ts';
import type { DB } from '../db/schema.ts';

/** Kysely view of migration 0004's `jobs` table (camelCase; bigint id as string). */
export type JobsTable = {
  id: Generated<string>;
  kind: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  idempotencyKey: string | null;
  state: Generated<JobState>;
  runAt: Date;
  attempts: Generated<number>;
  maxAttempts: Generated<number>;
  claimToken: string | null;
  lockedUntil: Date | null;
  lastError: string | null;
  createdAt: ColumnType<Date, never, never>;
  finishedAt: Date | null;
};

export type JobState = 'pending' | 'done' | 'dead';

export type JobsDB = DB & { jobs: JobsTable };

/** The same connection, seeing the jobs table too (no second connection: PGlite has one). */
export const withJobs = (db: Executor): Kysely<JobsDB> => db.withTables<{ jobs: JobsTable }>();
