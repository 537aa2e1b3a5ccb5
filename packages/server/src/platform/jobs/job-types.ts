import type { FastifyBaseLogger } from 'fastify';
import type { Stamp } from '../db/actor-stamp.ts';
import type { Executor } from '../db/executor.ts';

/*
 * What a job kind is, generically: the modules declare their kinds (each module's index.ts) and the
 * composition root (jobs.ts) assembles them; the queue and the worker know no kind.
 */

/**
 * The job being run, for what must be the same on every attempt of it wherever it runs (a mail's Message-ID):
 * its id, and when it was queued, so a database started anew never repeats one.
 */
export type RunningJob = { id: string; createdAt: Date };

/**
 * What a handler gets besides its payload; `now` is the worker's (injectable) clock. `stamp`: the actor of the
 * job's changes for the audit log (`system:<job kind>`), which a handler's own transactions carry. `job`: the
 * job itself, which a handler hands on to what must repeat itself on a retry (the mails it sends).
 */
export type JobContext = {
  db: Executor;
  now: Date;
  job: RunningJob;
  attempt: number;
  log: FastifyBaseLogger;
  stamp: Stamp;
  /**
   * Marks the job done in the handler's own transaction, so what the handler records there commits with the
   * job's completion or neither does (the worker then leaves the job as the transaction left it). false: the
   * lease passed to another worker meanwhile, so the handler should record nothing.
   */
  complete: (db: Executor) => Promise<boolean>;
};

/**
 * Runs one job of a kind. Payloads carry ids, never copies of data: a handler reads the current rows when it
 * runs, so a reminder of a reservation deleted meanwhile is skipped.
 */
export type JobHandler<Payload> = (payload: Payload, context: JobContext) => Promise<void>;

/** A handler for every kind of `Payloads` (kind → payload): a kind without one fails to compile. */
export type JobHandlers<Payloads> = { [K in keyof Payloads]: JobHandler<Payloads[K]> };

/** The kinds of a payload record. */
export type JobKindOf<Payloads> = keyof Payloads & string;

/** A job to add: one of the kinds of `Payloads` with its payload. */
export type JobRequest<Payloads, K extends JobKindOf<Payloads> = JobKindOf<Payloads>> = {
  [Kind in K]: {
    kind: Kind;
    payload: Payloads[Kind];
    /** Not before this instant; now when unset. */
    runAt?: Date;
    /** A second enqueue with the same key is ignored, whatever state the first job reached. */
    idempotencyKey?: string;
    maxAttempts?: number;
  };
}[K];

/** A job of any kind, as the queue stores it. */
export type AnyJobRequest = JobRequest<Record<string, unknown>>;
