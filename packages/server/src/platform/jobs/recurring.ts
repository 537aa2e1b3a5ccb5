import { addDays, instantOf, type LocalDate, type LocalTime, wallClockAt } from '@parkhere/contract';
import type { Executor } from '../db/executor.ts';
import type { JobContext, JobHandler } from './job-types.ts';
import { enqueue } from './queue.ts';

/**
 * A job that comes back (a clean-up each hour, a release each minute, a summary each day) as a durable chain:
 * one job per run, named by its idempotency key, so however many instances ask for a run it is queued once and
 * claimed by one worker. Each run queues the next before it works, so a failing run (retried) never breaks the
 * chain, and a late one (the server was down) queues the next run after now, not every one it missed. A
 * module contributes it with its handler (its index.ts); the composition root queues each chain's next run
 * at start.
 */
export type RecurringJob<Kind extends string, Payload> = {
  kind: Kind;
  /** The first run after `now`: when, and its payload; the same on every instance. */
  next: (db: Executor, now: Date) => Promise<Run<Payload>> | Run<Payload>;
  /** Names one run (its idempotency key). */
  key: (payload: Payload) => string;
};

export type Run<Payload> = { runAt: Date; payload: Payload };

// Held in lists of every payload: the payload only ever goes back to the same job's own functions.
// biome-ignore lint/suspicious/noExplicitAny: the payload is opaque to whoever holds the list.
export type AnyRecurringJob = RecurringJob<string, any>;

/**
 * A daily chain's next run after `now`: at the wall-clock time `at` in `timeZone`, today when that is still
 * ahead, else tomorrow, named by its date.
 */
export const nextDailyRun = (now: Date, timeZone: string, at: LocalTime): Run<{ date: LocalDate }> => {
  const today = wallClockAt(now, timeZone).date;
  const date = instantOf(today, at, timeZone).getTime() > now.getTime() ? today : addDays(today, 1);
  return dailyRunOf(date, timeZone, at);
};

/** The daily run of `date`, at the wall-clock time `at` in `timeZone`. */
export const dailyRunOf = (date: LocalDate, timeZone: string, at: LocalTime): Run<{ date: LocalDate }> => ({
  runAt: instantOf(date, at, timeZone),
  payload: { date },
});

export const recurringJob = <Kind extends string, Payload>(
  job: RecurringJob<Kind, Payload>,
): RecurringJob<Kind, Payload> => job;

/** Queues one run of the chain, once whichever instance asks first. */
export const scheduleRun = <Payload>(
  db: Executor,
  job: RecurringJob<string, Payload>,
  run: Run<Payload>,
  now?: Date,
): Promise<string | null> =>
  enqueue(
    db,
    { kind: job.kind, payload: run.payload, runAt: run.runAt, idempotencyKey: job.key(run.payload) },
    now,
  );

/** Queues the chain's next run after `now` (at start, and first thing in every run). */
export const scheduleNextRun = async <Payload>(
  db: Executor,
  job: RecurringJob<string, Payload>,
  now: Date,
): Promise<string | null> => scheduleRun(db, job, await job.next(db, now), now);

/** The chain's handler, under its kind: the next run queued first, then this run's work (`run`). */
export const recurringHandler = <Kind extends string, Payload>(
  job: RecurringJob<Kind, Payload>,
  run: JobHandler<Payload>,
): Record<Kind, JobHandler<Payload>> =>
  ({
    [job.kind]: async (payload: Payload, context: JobContext) => {
      await scheduleNextRun(context.db, job, context.now);
      await run(payload, context);
    },
  }) as Record<Kind, JobHandler<Payload>>;
