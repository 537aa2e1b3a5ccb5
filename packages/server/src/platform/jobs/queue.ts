import { randomUUID } from 'node:crypto';
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../db/executor.ts';
import type { AnyJobRequest, JobKindOf, JobRequest } from './job-types.ts';
import { type JobState, withJobs } from './jobs-table.ts';

export const DEFAULT_MAX_ATTEMPTS = 5;

const jobRow = (job: AnyJobRequest, now: Date) => ({
  kind: job.kind,
  payload: JSON.stringify(job.payload),
  idempotencyKey: job.idempotencyKey ?? null,
  runAt: job.runAt ?? now,
  maxAttempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
});

/**
 * Adds a job. Pass the caller's transaction so the job commits, or rolls back, with the change it is about.
 * Returns the new job's id, or null when a job with the same idempotency key already exists.
 */
export async function enqueue(
  db: Executor,
  job: AnyJobRequest,
  now: Date = new Date(),
): Promise<string | null> {
  const [id] = await enqueueAll(db, [job], now);
  return id ?? null;
}

/**
 * Adds several jobs in one statement (as `enqueue` each); the ids of those that were new. The jobs go as one
 * JSON parameter, not five a job: a draw queues thousands of mails at once.
 */
export async function enqueueAll(
  db: Executor,
  jobs: readonly AnyJobRequest[],
  now: Date = new Date(),
): Promise<string[]> {
  if (jobs.length === 0) {
    return [];
  }
  const rows = await sql<{
    id: string;
  }>`INSERT INTO jobs (kind, payload, idempotency_key, run_at, max_attempts)
    SELECT j.kind, j.payload::jsonb, j."idempotencyKey", j."runAt", j."maxAttempts"
    FROM jsonb_to_recordset(${JSON.stringify(jobs.map((job) => jobRow(job, now)))}::jsonb)
      AS j(kind text, payload text, "idempotencyKey" text, "runAt" timestamptz, "maxAttempts" integer)
    ON CONFLICT (idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
    RETURNING id::text AS id`.execute(db);
  return rows.rows.map((row) => row.id);
}

/** Stands for the row's id in the jobs `enqueueForRows` adds per row (payloads and idempotency keys). */
export const ROW_ID = '{row-id}';

/**
 * An INSERT of jobs for the rows a data-modifying CTE returns, to run in the statement that writes them:
 * `jobsByKey` lists each row's jobs under the row's `key` (an SQL text over the row `w`), with `ROW_ID` where
 * the row's id goes. As `enqueueAll`, a job whose idempotency key exists is left out.
 */
export const enqueueForRows = (
  cte: string,
  key: RawBuilder<string>,
  jobsByKey: Record<string, readonly AnyJobRequest[]>,
  now: Date,
): RawBuilder<unknown> => {
  const templates = Object.fromEntries(
    Object.entries(jobsByKey).map(([rowKey, jobs]) => [rowKey, jobs.map((job) => jobRow(job, now))]),
  );
  return sql`INSERT INTO jobs (kind, payload, idempotency_key, run_at, max_attempts)
    SELECT j.kind, j.payload::jsonb, j."idempotencyKey", j."runAt", j."maxAttempts"
    FROM ${sql.raw(cte)} w CROSS JOIN LATERAL jsonb_to_recordset(
      replace((${JSON.stringify(templates)}::jsonb -> (${key}))::text, ${ROW_ID}, w.id::text)::jsonb)
      AS j(kind text, payload text, "idempotencyKey" text, "runAt" timestamptz, "maxAttempts" integer)
    ON CONFLICT (idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING`;
};

/** Removes the pending jobs of a kind whose payload contains `match` (e.g. a reservation's reminder). */
export async function cancelPendingJobs(
  db: Executor,
  kind: string,
  match: Record<string, unknown>,
): Promise<number> {
  const result = await withJobs(db)
    .deleteFrom('jobs')
    .where('kind', '=', kind)
    .where('state', '=', 'pending')
    .where(sql<boolean>`payload @> ${JSON.stringify(match)}::jsonb`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * A DELETE of the pending jobs of a kind whose payload's `field` is the id of a row a data-modifying CTE
 * returns, to run in the statement that writes them (as `cancelPendingJobs` for each row).
 */
export const cancelPendingForRows = (cte: string, kind: string, field: string): RawBuilder<unknown> =>
  sql`DELETE FROM jobs j WHERE j.kind = ${kind} AND j.state = 'pending'
    AND j.payload ->> ${field} IN (SELECT w.id::text FROM ${sql.raw(cte)} w)`;

/**
 * The queue's writes typed by a module's own kinds (kind → payload): a misspelt kind or a payload of another
 * shape fails to compile. The same functions as above, only typed.
 */
export type JobQueue<Payloads> = {
  enqueue: <K extends JobKindOf<Payloads>>(
    db: Executor,
    job: JobRequest<Payloads, K>,
    now?: Date,
  ) => Promise<string | null>;
  enqueueAll: (db: Executor, jobs: readonly JobRequest<Payloads>[], now?: Date) => Promise<string[]>;
  enqueueForRows: (
    cte: string,
    key: RawBuilder<string>,
    jobsByKey: Record<string, readonly JobRequest<Payloads>[]>,
    now: Date,
  ) => RawBuilder<unknown>;
  cancelPending: <K extends JobKindOf<Payloads>>(
    db: Executor,
    kind: K,
    match: Partial<Payloads[K]>,
  ) => Promise<number>;
  cancelPendingForRows: <K extends JobKindOf<Payloads>>(
    cte: string,
    kind: K,
    field: keyof Payloads[K] & string,
  ) => RawBuilder<unknown>;
};

export const jobQueue = <Payloads>(): JobQueue<Payloads> => ({
  enqueue,
  enqueueAll,
  enqueueForRows,
  cancelPending: cancelPendingJobs,
  cancelPendingForRows,
});

export type ClaimedJob = {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
  createdAt: Date;
  claimToken: string;
  lockedUntil: Date;
};

/**
 * Leases up to `limit` due jobs to one worker in a single statement. SKIP LOCKED lets other instances claim
 * other rows meanwhile; a row another instance leased a moment ago fails the re-checked lease condition.
 */
export async function claimDueJobs(
  db: Executor,
  options: { now: Date; leaseMs: number; limit: number },
): Promise<ClaimedJob[]> {
  const claimToken = randomUUID();
  const lockedUntil = new Date(options.now.getTime() + options.leaseMs);
  const rows = await withJobs(db)
    .updateTable('jobs')
    .set((eb) => ({
      claimToken,
      lockedUntil,
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('jobs')
        .select('id')
        .where('state', '=', 'pending')
        .where('runAt', '<=', options.now)
        .where((where) =>
          where.or([where('lockedUntil', 'is', null), where('lockedUntil', '<=', options.now)]),
        )
        .orderBy('runAt')
        .orderBy('id')
        .limit(options.limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'kind', 'payload', 'attempts', 'maxAttempts', 'createdAt'])
    .execute();
  return rows
    .map((row) => ({ ...row, claimToken, lockedUntil }))
    .sort((left, right) => Number(left.id) - Number(right.id));
}

/** An update of the batch's jobs this claim still holds: pending, by id (through the primary key). */
const stillClaimed = (db: Executor, jobs: readonly ClaimedJob[], claimToken: string) =>
  withJobs(db)
    .updateTable('jobs')
    .where(
      'id',
      'in',
      jobs.map((job) => job.id),
    )
    .where('claimToken', '=', claimToken)
    .where('state', '=', 'pending');

/**
 * The heartbeat of a running batch: moves the lease of the batch's jobs that are not finished yet to
 * `lockedUntil` (by id: the jobs table keeps a month of finished jobs). Returns how many it still held
 * (0: another worker took them over after the lease ran out).
 */
export async function extendLease(
  db: Executor,
  jobs: readonly ClaimedJob[],
  lockedUntil: Date,
): Promise<number> {
  const [first] = jobs;
  if (first === undefined) {
    return 0;
  }
  const result = await stillClaimed(db, jobs, first.claimToken).set({ lockedUntil }).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Gives back claimed jobs that never started (the worker is stopping): due again at once for any worker, and
 * the claim does not count as an attempt.
 */
export async function releaseJobs(db: Executor, jobs: readonly ClaimedJob[]): Promise<void> {
  const [first] = jobs;
  if (first === undefined) {
    return;
  }
  await stillClaimed(db, jobs, first.claimToken)
    .set((eb) => ({ claimToken: null, lockedUntil: null, attempts: eb('attempts', '-', 1) }))
    .execute();
}

/** Marks a claimed job done; false when the lease was lost to another worker meanwhile. */
export async function completeJob(db: Executor, job: ClaimedJob, now: Date): Promise<boolean> {
  const result = await withJobs(db)
    .updateTable('jobs')
    .set({ state: 'done', finishedAt: now, claimToken: null, lockedUntil: null, lastError: null })
    .where('id', '=', job.id)
    .where('claimToken', '=', job.claimToken)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Exponential backoff: 1, 2, 4, … times `baseMs` after the first, second, third failure, at most a day. */
export const retryDelayMs = (attempts: number, baseMs: number): number =>
  Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 24 * 60 * 60 * 1000);

/** Records a failure: retried after the backoff, or dead once its attempts are used up. */
export async function failJob(
  db: Executor,
  job: ClaimedJob,
  options: { now: Date; reason: string; retryBaseMs: number },
): Promise<JobState> {
  const dead = job.attempts >= job.maxAttempts;
  const state: JobState = dead ? 'dead' : 'pending';
  await withJobs(db)
    .updateTable('jobs')
    .set({
      state,
      lastError: options.reason.slice(0, 2000),
      claimToken: null,
      lockedUntil: null,
      finishedAt: dead ? options.now : null,
      ...(dead
        ? {}
        : { runAt: new Date(options.now.getTime() + retryDelayMs(job.attempts, options.retryBaseMs)) }),
    })
    .where('id', '=', job.id)
    .where('claimToken', '=', job.claimToken)
    .execute();
  return state;
}

/** Drops done jobs finished before `before`; dead ones stay for an operator to read. */
export async function purgeFinishedJobs(db: Executor, before: Date): Promise<number> {
  const result = await withJobs(db)
    .deleteFrom('jobs')
    .where('state', '=', 'done')
    .where('finishedAt', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** What a retry found: a failing job is due again now; any other is left as it is. */
export type RetryOutcome = 'retried' | 'not failing' | 'running' | 'missing';

/**
 * Runs a failing job again now (the administrators' Job/retry): a retrying one is due at once, a dead one gets
 * one more attempt (dead again if it fails). A job that is not failing, or that a worker holds right now, is
 * left alone.
 */
export async function retryJob(db: Executor, id: string, now: Date): Promise<RetryOutcome> {
  const found = await sql<{ failing: boolean; running: boolean }>`SELECT
      (state = 'dead' OR (state = 'pending' AND last_error IS NOT NULL)) AS failing,
      (claim_token IS NOT NULL AND locked_until > ${now}) AS running
    FROM jobs WHERE id = ${id}::bigint FOR UPDATE`.execute(db);
  const job = found.rows[0];
  if (job === undefined) {
    return 'missing';
  }
  if (!job.failing) {
    return 'not failing';
  }
  if (job.running) {
    return 'running';
  }
  await sql`UPDATE jobs SET state = 'pending', run_at = ${now}, finished_at = NULL, claim_token = NULL,
      locked_until = NULL, max_attempts = GREATEST(max_attempts, attempts + 1)
    WHERE id = ${id}::bigint`.execute(db);
  return 'retried';
}
