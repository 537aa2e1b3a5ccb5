import type { Executor } from '../../platform/db/executor.ts';
import { enqueue } from '../../platform/jobs/queue.ts';
import type { JobHandler } from '../../platform/jobs/worker.ts';
import { removeOrphanFiles } from './orphan-files.ts';

/** Orphan files go within this of becoming orphans; each run is one statement when there are none. */
export const FILE_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/** The first run instant after `now` on the interval's grid, the same on every instance. */
export const nextFileCleanupAt = (now: Date): Date =>
  new Date((Math.floor(now.getTime() / FILE_CLEANUP_INTERVAL_MS) + 1) * FILE_CLEANUP_INTERVAL_MS);

/** Queues the clean-up run of `at` once, whichever instance asks first. */
export const scheduleFileCleanup = (db: Executor, at: Date, now?: Date) =>
  enqueue(
    db,
    {
      kind: 'files.cleanup',
      payload: { at: at.toISOString() },
      runAt: at,
      idempotencyKey: `files-cleanup:${at.toISOString()}`,
    },
    now,
  );

/**
 * Removes the orphan files of DATA_DIR. Like the doormen's summary, each run queues the next one itself, so the
 * one call at start keeps the chain going; a run that was late (the server was down) queues the next grid
 * instant after now rather than every one it missed.
 */
export const fileCleanupHandler =
  (dataDir: string): JobHandler<'files.cleanup'> =>
  async (_payload, context) => {
    // The next run first: a failing run is retried, but the chain never breaks.
    await scheduleFileCleanup(context.db, nextFileCleanupAt(context.now), context.now);
    const report = await removeOrphanFiles(context.db, dataDir, context.now);
    if (report.removed + report.strays + report.failed > 0) {
      context.log.info(report, 'orphan files removed');
    }
  };
