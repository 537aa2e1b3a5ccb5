import type { LocalDate, LocalTime } from '@parkhere/contract';
import { pruneAudit } from '../../platform/db/audit.ts';
import type { JobHandlers } from '../../platform/jobs/job-types.ts';
import { nextDailyRun, recurringHandler, recurringJob } from '../../platform/jobs/recurring.ts';
import { RETENTION_BATCH, untilDone } from '../../platform/retention.ts';
import { auditRetentionBoundary, loadMailSettings } from '../configuration/index.ts';

/*
 * The audit log's retention (issue 28, item 8): a daily job removes the entries older than the configured months
 * (ConfigurationSettings.auditRetentionMonths, 24 unless set), batch after batch, through audit_prune, the one
 * removal the append-only log allows. The log records changes of the audited tables, which the pruning is not,
 * so it leaves no entry of its own behind; a second run of a day finds nothing more.
 */

export type AuditJobs = {
  /** `date`: the day of the run, in the configured zone, which also names it. */
  'audit.prune': { date: LocalDate };
};

/** At night, after the bookings' retention (03:30), when hardly anybody books. */
export const AUDIT_PRUNE_TIME: LocalTime = '03:45:00';

export const auditPrune = recurringJob({
  kind: 'audit.prune',
  next: async (db, now) => nextDailyRun(now, (await loadMailSettings(db)).timeZone, AUDIT_PRUNE_TIME),
  key: ({ date }: AuditJobs['audit.prune']) => `audit.prune:${date}`,
});

export const auditJobHandlers = (): JobHandlers<AuditJobs> =>
  recurringHandler(auditPrune, async (_payload, context) => {
    const before = await auditRetentionBoundary(context.db, context.now);
    const removed = await untilDone(context, 'audit retention', (db) =>
      pruneAudit(db, before, RETENTION_BATCH),
    );
    context.log.info({ before, removed }, 'audit log pruned');
  });
