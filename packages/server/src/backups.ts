import type { LocalDate, LocalTime } from '@parkhere/contract';
import { loadMailSettings } from './modules/configuration/index.ts';
import { keepLast } from './platform/backups/backup-dir.ts';
import { type BackupOptions, takeBackup } from './platform/backups/backup-routes.ts';
import type { JobHandlers } from './platform/jobs/job-types.ts';
import { nextDailyRun, recurringHandler, recurringJob } from './platform/jobs/recurring.ts';

/*
 * The daily backup (issue 30, item 4): a durable recurring job, one run a day across instances like the other
 * recurring jobs, takes a backup of the embedded database and keeps the newest BACKUP_KEEP of BACKUP_DIR's. On
 * PostgreSQL it takes none (the database is backed up with pg_dump) and removes nothing.
 */

export type BackupJobs = {
  /** `date`: the day of the run, in the configured zone, which also names it. */
  backup: { date: LocalDate };
};

/** At night, before the retention job's 03:30, when hardly anybody books. */
export const BACKUP_TIME: LocalTime = '02:30:00';

export const backupRun = recurringJob({
  kind: 'backup',
  next: async (db, now) => nextDailyRun(now, (await loadMailSettings(db)).timeZone, BACKUP_TIME),
  key: ({ date }: BackupJobs['backup']) => `backup:${date}`,
});

export const backupHandlers = (options: BackupOptions & { keep: number }): JobHandlers<BackupJobs> =>
  recurringHandler(backupRun, async (_payload, context) => {
    if (options.database.snapshot === undefined) {
      context.log.info('no daily backup on PostgreSQL: back it up with pg_dump (README, Backups)');
      return;
    }
    const file = await takeBackup(options, context.now);
    const removed = await keepLast(options.dir, options.keep);
    context.log.info({ file, removed }, 'daily backup taken');
  });
