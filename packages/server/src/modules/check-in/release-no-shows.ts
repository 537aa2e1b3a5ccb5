import { stampedTransaction } from '../../platform/db/actor-stamp.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { JobHandlers } from '../../platform/jobs/job-types.ts';
import { ROW_ID } from '../../platform/jobs/queue.ts';
import { recurringHandler, recurringJob, scheduleRun } from '../../platform/jobs/recurring.ts';
import { declaredCounter } from '../../platform/observability/counter.ts';
import type { ReservationJob } from '../notifications/index.ts';
import { storeNoShows } from '../reservations/index.ts';

/*
 * The no-show release of [Fair share 1]: a recurring job, one run per minute. Exactly once across instances: a
 * minute's run is one job (its idempotency key), claimed by one worker, and its work is one statement that
 * releases, queues the mails and drops the reminders together; a run retried after a crash, or one racing
 * another minute's, finds nothing left.
 */

/** The check-in's job kinds and their payloads. */
export type CheckInJobs = {
  /** `at`: the minute the run was scheduled for, which also names it (one run per minute). */
  'reservations.release-no-shows': { at: string };
};

const MINUTE_MS = 60_000;

/** The next whole minute after `now`, the same on every instance. */
export const nextNoShowReleaseAt = (now: Date): Date =>
  new Date((Math.floor(now.getTime() / MINUTE_MS) + 1) * MINUTE_MS);

/** The owner's mail of a released reservation, once whatever runs it. */
export const noShowMailJob = (reservationId: string): ReservationJob<'mail.no-show'> => ({
  kind: 'mail.no-show',
  payload: { reservationId },
  idempotencyKey: `no-show:${reservationId}`,
});

/** Reservations released as no-shows by the minute's run, once committed. */
export const noShowsReleased = declaredCounter(
  'parkhere_reservations_released_total',
  'Reservations released as no-shows (their check-in window closed unchecked).',
);

/** Releases every reservation whose check-in window closed by `now` unchecked; their ids. */
export const releaseNoShows = (db: Executor, now: Date): Promise<string[]> =>
  storeNoShows(db, { now, jobs: [noShowMailJob(ROW_ID)] });

const runOf = (at: Date) => ({ runAt: at, payload: { at: at.toISOString() } });

/** The chain of minutes. */
export const noShowRelease = recurringJob({
  kind: 'reservations.release-no-shows',
  next: (_db, now) => runOf(nextNoShowReleaseAt(now)),
  key: ({ at }: CheckInJobs['reservations.release-no-shows']) => `release-no-shows:${at}`,
});

/** Queues the release run of `at` once, whichever instance asks first. */
export const scheduleNoShowRelease = (db: Executor, at: Date, now?: Date) =>
  scheduleRun(db, noShowRelease, runOf(at), now);

/** The check-in's job kinds' handlers: each minute's run releases what its window left unchecked. */
export const checkInJobHandlers = (): JobHandlers<CheckInJobs> =>
  recurringHandler(noShowRelease, async (_payload, context) => {
    const released = await stampedTransaction(
      context.db,
      { ...context.stamp, reason: 'no-show release' },
      (db) => releaseNoShows(db, context.now),
    );
    noShowsReleased.inc(released.length);
    if (released.length > 0) {
      context.log.info({ released: released.length }, 'no-show reservations released');
    }
  });
