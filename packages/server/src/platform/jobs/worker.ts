import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../calendar.ts';
import { actors } from '../db/actor-stamp.ts';
import type { Executor } from '../db/executor.ts';
import type { JobContext, JobHandler } from './job-types.ts';
import { type ClaimedJob, claimDueJobs, completeJob, extendLease, failJob, releaseJobs } from './queue.ts';

export type WorkerOptions = {
  db: Executor;
  /** The assembled kinds' handlers (jobs.ts): a job of a kind without one fails, as a handler's error would. */
  handlers: { readonly [kind: string]: JobHandler<never> };
  log: FastifyBaseLogger;
  clock: Clock;
  /** Pause between polls when nothing was due. */
  pollIntervalMs: number;
  /** First retry delay; doubled per further failure. */
  retryBaseMs: number;
  /**
   * How long a claim holds before another worker may take the job over: how long the jobs of a worker that
   * crashed wait. A heartbeat renews it every third of it while the worker runs them.
   */
  leaseMs: number;
  batchSize: number;
  /** false: nothing runs until `runDue()` is called. */
  poll: boolean;
};

export type Worker = {
  /** Claims and runs what is due now, once; resolves to the number of jobs run. */
  runDue: () => Promise<number>;
  /** Stops polling, finishes the running job, gives back the batch's unstarted ones and waits. */
  stop: () => Promise<void>;
};

export const DEFAULT_WORKER_OPTIONS = {
  pollIntervalMs: 500,
  retryBaseMs: 30_000,
  leaseMs: 30_000,
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

  /** The batch's lease, as far as the heartbeat renewed it. */
  type Lease = { until: Date };

  const runJob = async (job: ClaimedJob, lease: Lease): Promise<void> => {
    const log = options.log.child({ jobId: job.id, jobKind: job.kind, attempt: job.attempts });
    if (options.clock().getTime() >= lease.until.getTime()) {
      // The heartbeat could not renew the lease in time: another worker may hold the job now.
      log.info('job lease ran out before it started: left for the next claim');
      return;
    }
    // Set when the handler completed the job in its own transaction (JobContext.complete).
    let completedByHandler = false;
    const complete = async (db: Executor): Promise<boolean> => {
      completedByHandler = true;
      return completeJob(db, job, options.clock());
    };
    try {
      await dispatch(job, options, log, complete);
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
    if (completedByHandler) {
      return;
    }
    if (!(await completeJob(options.db, job, options.clock()))) {
      log.warn('job finished after its lease passed to another worker');
    }
  };

  /** Renews the batch's lease every third of it until `stop` is called; a crash stops it with the process. */
  const heartbeat = (jobs: readonly ClaimedJob[], lease: Lease): (() => Promise<void>) => {
    let beating: Promise<void> = Promise.resolve();
    const beat = async () => {
      const until = new Date(options.clock().getTime() + options.leaseMs);
      try {
        if ((await extendLease(options.db, jobs, until)) > 0) {
          lease.until = until;
        }
      } catch (error) {
        options.log.warn({ err: error }, 'renewing the job lease failed');
      }
    };
    const timer = setInterval(() => {
      beating = beating.then(beat);
    }, options.leaseMs / 3);
    return async () => {
      clearInterval(timer);
      await beating;
    };
  };

  const runDueOnce = async (): Promise<number> => {
    if (stopped) {
      return 0;
    }
    const jobs = await claimDueJobs(options.db, {
      now: options.clock(),
      leaseMs: options.leaseMs,
      limit: options.batchSize,
    });
    const [first] = jobs;
    if (first === undefined) {
      return 0;
    }
    const lease: Lease = { until: first.lockedUntil };
    const stopHeartbeat = heartbeat(jobs, lease);
    try {
      for (const [index, job] of jobs.entries()) {
        if (stopped) {
          // Shutting down: the rest go back to the queue at once instead of waiting out the lease.
          await releaseJobs(options.db, jobs.slice(index));
          return index;
        }
        await runJob(job, lease);
      }
    } finally {
      await stopHeartbeat();
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

async function dispatch(
  job: ClaimedJob,
  options: WorkerOptions,
  log: FastifyBaseLogger,
  complete: JobContext['complete'],
): Promise<void> {
  const handler = Object.hasOwn(options.handlers, job.kind) ? options.handlers[job.kind] : undefined;
  if (handler === undefined) {
    throw new Error(`no handler for job kind ${job.kind}`);
  }
  const context: JobContext = {
    db: options.db,
    now: options.clock(),
    job: { id: job.id, createdAt: job.createdAt },
    attempt: job.attempts,
    log,
    stamp: { actor: actors.system(job.kind) },
    complete,
  };
  // The payload was written by enqueue() for this very kind, so reading it as that kind's payload is sound.
  await handler(job.payload as never, context);
}
