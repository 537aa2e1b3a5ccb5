import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../domain/calendar/index.ts';
import { isJobKind, type JobKind, type JobPayloads } from './job-kinds.ts';
import type { Executor } from './jobs-table.ts';
import { type ClaimedJob, claimDueJobs, completeJob, failJob } from './queue.ts';

/** What a handler gets besides its payload; `now` is the worker's (injectable) clock. */
export type JobContext = { db: Executor; now: Date; jobId: string; attempt: number; log: FastifyBaseLogger };

export type JobHandler<K extends JobKind> = (payload: JobPayloads[K], context: JobContext) => Promise<void>;

export type JobHandlers = { [K in JobKind]: JobHandler<K> };

export type WorkerOptions = {
  db: Executor;
  handlers: JobHandlers;
  log: FastifyBaseLogger;
  clock: Clock;
  /** Pause between polls when nothing was due. */
  pollIntervalMs: number;
  /** First retry delay; doubled per further failure. */
  retryBaseMs: number;
  /** How long a claim holds before another worker may take the job over. */
  leaseMs: number;
  batchSize: number;
  /** false: nothing runs until `runDue()` is called. */
  poll: boolean;
};

export type Worker = {
  /** Claims and runs what is due now, once; resolves to the number of jobs run. */
  runDue: () => Promise<number>;
  /** Stops polling and waits for the running batch. */
  stop: () => Promise<void>;
};

export const DEFAULT_WORKER_OPTIONS = {
  pollIntervalMs: 500,
  retryBaseMs: 30_000,
  leaseMs: 5 * 60_000,
  batchSize: 10,
} as const;

const reasonOf = (error: unknown): string =>
  error instanceof Error ? `${error.name}: ${error.message}` : `thrown: ${String(error)}`;

/** Polls the queue until stopped; each claimed job runs once, failures retry with backoff, then die. */
export function startWorker(options: WorkerOptions): Worker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  // One batch at a time per worker: on PGlite every statement shares the one connection anyway.
  let running: Promise<number> = Promise.resolve(0);

  const runJob = async (job: ClaimedJob): Promise<void> => {
    const log = options.log.child({ jobId: job.id, jobKind: job.kind, attempt: job.attempts });
    if (options.clock().getTime() >= job.lockedUntil.getTime()) {
      // Earlier jobs of the batch used up this one's lease: another worker may hold it now.
      log.info('job lease ran out before it started: left for the next claim');
      return;
    }
    try {
      await dispatch(job, options, log);
    } catch (error) {
      const reason = reasonOf(error);
      const state = await failJob(options.db, job, {
        now: options.clock(),
        reason,
        retryBaseMs: options.retryBaseMs,
      });
      if (state === 'dead') {
        log.error({ reason }, 'job failed for the last time: dead-lettered');
      } else {
        log.warn({ reason }, 'job failed: retried later');
      }
      return;
    }
    if (!(await completeJob(options.db, job, options.clock()))) {
      log.warn('job finished after its lease passed to another worker');
    }
  };

  const runDueOnce = async (): Promise<number> => {
    const jobs = await claimDueJobs(options.db, {
      now: options.clock(),
      leaseMs: options.leaseMs,
      limit: options.batchSize,
    });
    for (const job of jobs) {
      await runJob(job);
    }
    return jobs.length;
  };

  const runDue = (): Promise<number> => {
    running = running.then(runDueOnce, runDueOnce);
    return running;
  };

  const poll = async (): Promise<void> => {
    let ran = 0;
    try {
      ran = await runDue();
    } catch (error) {
      options.log.error({ err: error }, 'polling the job queue failed');
    }
    if (!stopped) {
      // A full batch suggests more are due: go on at once instead of waiting a whole interval.
      timer = setTimeout(poll, ran >= options.batchSize ? 0 : options.pollIntervalMs);
    }
  };
  if (options.poll) {
    timer = setTimeout(poll, 0);
  }

  return {
    runDue,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running.catch(() => 0);
    },
  };
}

async function dispatch(job: ClaimedJob, options: WorkerOptions, log: FastifyBaseLogger): Promise<void> {
  if (!isJobKind(job.kind)) {
    throw new Error(`no handler for job kind ${job.kind}`);
  }
  const context: JobContext = {
    db: options.db,
    now: options.clock(),
    jobId: job.id,
    attempt: job.attempts,
    log,
  };
  await runHandler(job.kind, job.payload, options.handlers, context);
}

// The payload was written by enqueue() for this very kind, so reading it as that kind's payload is sound.
function runHandler<K extends JobKind>(
  kind: K,
  payload: Record<string, unknown>,
  handlers: JobHandlers,
  context: JobContext,
): Promise<void> {
  const handler: JobHandler<K> = handlers[kind];
  return handler(payload as JobPayloads[K], context);
}
