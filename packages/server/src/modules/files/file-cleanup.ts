import type { Executor } from '../../platform/db/executor.ts';
import type { JobHandlers } from '../../platform/jobs/job-types.ts';
import { recurringHandler, recurringJob, scheduleRun } from '../../platform/jobs/recurring.ts';
import { removeOrphanFiles } from './orphan-files.ts';

/** The files' job kinds and their payloads. */
export type FileJobs = {
  /** `at`: the instant the run was scheduled for, which also names it (one run per instant). */
  'files.cleanup': { at: string };
};

/** Orphan files go within this of becoming orphans; each run is one statement when there are none. */
export const FILE_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/** The first run instant after `now` on the interval's grid, the same on every instance. */
export const nextFileCleanupAt = (now: Date): Date =>
  new Date((Math.floor(now.getTime() / FILE_CLEANUP_INTERVAL_MS) + 1) * FILE_CLEANUP_INTERVAL_MS);

const runOf = (at: Date) => ({ runAt: at, payload: { at: at.toISOString() } });

/** The clean-up of DATA_DIR's orphan files: a recurring job on the interval's grid. */
export const fileCleanup = recurringJob({
  kind: 'files.cleanup',
  next: (_db, now) => runOf(nextFileCleanupAt(now)),
  key: ({ at }: FileJobs['files.cleanup']) => `files-cleanup:${at}`,
});

/** Queues the clean-up run of `at` once, whichever instance asks first. */
export const scheduleFileCleanup = (db: Executor, at: Date, now?: Date) =>
  scheduleRun(db, fileCleanup, runOf(at), now);

/** The files' job kinds' handlers: the clean-up removes the orphan files of DATA_DIR. */
export const fileJobHandlers = (dataDir: string): JobHandlers<FileJobs> =>
  recurringHandler(fileCleanup, async (_payload, context) => {
    const report = await removeOrphanFiles(context.db, dataDir, context.now, {
      ...context.stamp,
      reason: 'orphan file clean-up',
    });
    if (report.removed + report.strays + report.failed > 0) {
      context.log.info(report, 'orphan files removed');
    }
  });
