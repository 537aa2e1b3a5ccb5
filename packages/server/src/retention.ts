import type { LocalDate, LocalTime } from '@parkhere/contract';
import { loadMailSettings, retentionBoundary } from './modules/configuration/index.ts';
import * as reservations from './modules/reservations/index.ts';
import * as waitlist from './modules/waitlist/index.ts';
import type { Executor } from './platform/db/executor.ts';
import type { JobHandlers } from './platform/jobs/job-types.ts';
import { enqueue } from './platform/jobs/queue.ts';
import { nextDailyRun, recurringHandler, recurringJob } from './platform/jobs/recurring.ts';
import {
  recipientHashOf,
  removeCapturedMailTo,
  removeOldCapturedMail,
} from './platform/mail/captured-mail.ts';
import { type RetentionStep, untilDone } from './platform/retention.ts';

/*
 * The daily retention job (issue 27, item 6), assembled from the modules' steps as jobs.ts assembles their
 * handlers: each module's index.ts contributes `retention`, which knows its own tables. A step runs batch after
 * batch, each in a transaction of its own stamped `system:retention`, until a batch finds nothing more; a run a
 * crash cut short is retried and goes on where it stopped, and a second run of a day changes nothing more.
 */

/** The modules' steps, in no particular order: each is about its own rows. */
const STEPS: Readonly<Record<string, RetentionStep>> = {
  reservations: reservations.retention,
  waitlist: waitlist.retention,
};

export type RetentionJobs = {
  /** `date`: the day of the run, in the configured zone, which also names it. */
  retention: { date: LocalDate };
  /** An erasure's captured mail: `recipient` is the erased address's recipientHashOf, never the address. */
  'erasure.captured-mail': { recipient: string };
};

/** When the daily run comes, on the configured zone's wall clock: at night, when hardly anybody books. */
export const RETENTION_TIME: LocalTime = '03:30:00';

export const retentionRun = recurringJob({
  kind: 'retention',
  next: async (db, now) => nextDailyRun(now, (await loadMailSettings(db)).timeZone, RETENTION_TIME),
  key: ({ date }: RetentionJobs['retention']) => `retention:${date}`,
});

/**
 * An erased person's captured mail goes too (issue 27, item 4): queued in the erasure's transaction, so it
 * happens once the erasure committed (and not if it did not), by whichever instance runs it.
 */
export const eraseCapturedMailOf = async (db: Executor, email: string, now: Date): Promise<void> => {
  await enqueue(db, { kind: 'erasure.captured-mail', payload: { recipient: recipientHashOf(email) } }, now);
};

/**
 * The daily run: every step's rows past retention, then the captured mail older than its 30 days; and an
 * erasure's captured mail.
 */
export const retentionHandlers = (dataDir: string): JobHandlers<RetentionJobs> => ({
  'erasure.captured-mail': async ({ recipient }, context) => {
    const mails = await removeCapturedMailTo(dataDir, recipient);
    context.log.info({ mails }, 'captured mail of an erased person removed');
  },
  ...recurringHandler(retentionRun, async (_payload, context) => {
    const { before } = await retentionBoundary(context.db, context.now);
    const due = { now: context.now, before };
    const changed: Record<string, number> = {};
    for (const [name, step] of Object.entries(STEPS)) {
      changed[name] = await untilDone(context, 'retention', (db) => step(db, due));
    }
    const mails = await removeOldCapturedMail(dataDir, context.now);
    context.log.info({ before, ...changed, mails }, 'retention ran');
  }),
});
