import type { Executor } from '../../platform/db/executor.ts';
import { enqueue, type JobRequest, ROW_ID } from '../../platform/jobs/queue.ts';
import type { JobHandler } from '../../platform/jobs/worker.ts';
import { storeNoShows } from '../reservations/index.ts';

/*
 * The no-show release of [Fair share 1]: a durable chain of one job per minute, as the doormen's summary and
 * the file clean-up chains. Exactly once across instances: a minute's run is one job (its idempotency key),
 * claimed by one worker, and its work is one statement that releases, queues the mails and drops the
 * reminders together; a run retried after a crash, or one racing another minute's, finds nothing left.
 */

const MINUTE_MS = 60_000;

/** The next whole minute after `now`, the same on every instance. */
export const nextNoShowReleaseAt = (now: Date): Date =>
  new Date((Math.floor(now.getTime() / MINUTE_MS) + 1) * MINUTE_MS);

/** Queues the release run of `at` once, whichever instance asks first. */
export const scheduleNoShowRelease = (db: Executor, at: Date, now?: Date) =>
  enqueue(
    db,
    {
      kind: 'reservations.release-no-shows',
      payload: { at: at.toISOString() },
      runAt: at,
      idempotencyKey: `release-no-shows:${at.toISOString()}`,
    },
    now,
  );

/** The owner's mail of a released reservation, once whatever runs it. */
export const noShowMailJob = (reservationId: string): JobRequest<'mail.no-show'> => ({
  kind: 'mail.no-show',
  payload: { reservationId },
  idempotencyKey: `no-show:${reservationId}`,
});

/** Releases every reservation whose check-in window closed by `now` unchecked; their ids. */
export const releaseNoShows = (db: Executor, now: Date): Promise<string[]> =>
  storeNoShows(db, { now, jobs: [noShowMailJob(ROW_ID)] });

/** One run: the next minute's first (a failing run is retried, the chain never breaks), then the release. */
export const releaseNoShowsHandler: JobHandler<'reservations.release-no-shows'> = async (
  _payload,
  context,
) => {
  await scheduleNoShowRelease(context.db, nextNoShowReleaseAt(context.now), context.now);
  const released = await releaseNoShows(context.db, context.now);
  if (released.length > 0) {
    context.log.info({ released: released.length }, 'no-show reservations released');
  }
};
