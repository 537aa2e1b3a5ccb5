import { type LocalDate, type LocalTime, workingCalendar } from '@parkhere/contract';
import { todayIn } from '../../platform/calendar.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { JobHandlers } from '../../platform/jobs/job-types.ts';
import {
  dailyRunOf,
  nextDailyRun,
  recurringHandler,
  recurringJob,
  scheduleRun,
} from '../../platform/jobs/recurring.ts';
import type { MailEnvironment } from '../../platform/mail/deliver-mail.ts';
import { dayOverrides, loadMailSettings } from '../configuration/index.ts';
import { logSkip, type JobPayloads as ReservationJobs, refundUnsent } from '../notifications/index.ts';
import { sendDoormanNotice, sendDoormanSummary } from './send-doorman-mail.ts';

/** The doormen's job kinds and their payloads. */
export type DoormanJobs = {
  /** The arrivals of `date`, mailed to every doorman on the morning of a working day. */
  'mail.doorman-summary': { date: LocalDate };
};

/** When the doormen's daily arrivals summary goes out, wall-clock time in the configured zone. */
export const DOORMAN_SUMMARY_TIME: LocalTime = '07:00:00';

/** The daily summary: one run per date, queued for its morning. */
export const doormanSummary = recurringJob({
  kind: 'mail.doorman-summary',
  next: async (db: Executor, now: Date) => {
    const { timeZone } = await loadMailSettings(db);
    return nextDailyRun(now, timeZone, DOORMAN_SUMMARY_TIME);
  },
  key: ({ date }: DoormanJobs['mail.doorman-summary']) => `doorman-summary:${date}`,
});

/** Makes sure the summary of `date` is queued (once, whoever asks). */
export const scheduleDoormanSummary = (db: Executor, date: LocalDate, timeZone: string, now?: Date) =>
  scheduleRun(db, doormanSummary, dailyRunOf(date, timeZone, DOORMAN_SUMMARY_TIME), now);

/**
 * The doormen's job kinds' handlers, and the reservations' notice they send. Days off are skipped when a
 * summary's run comes, not when it is queued, so a working day added later still gets its summary.
 */
export const doormanJobHandlers = (
  environment: MailEnvironment,
): JobHandlers<DoormanJobs & Pick<ReservationJobs, 'mail.doorman-notice'>> => ({
  'mail.doorman-notice': async ({ reservationId, charge }, context) => {
    const outcome = await sendDoormanNotice(environment, context.db, reservationId, context.job);
    logSkip(context, outcome);
    if (!outcome.sent) {
      // The notice spent its user's budget when queued; unsent, it gives that back.
      await refundUnsent(context, charge);
    }
  },
  ...recurringHandler(doormanSummary, async ({ date }, context) => {
    const { timeZone } = await loadMailSettings(context.db);
    if (date < todayIn(context.now, timeZone)) {
      context.log.info({ date }, 'doorman summary of a past day skipped');
      return;
    }
    if (!workingCalendar(await dayOverrides(context.db)).isWorkingDay(date)) {
      context.log.info({ date }, 'doorman summary skipped: not a working day');
      return;
    }
    const { sentTo } = await sendDoormanSummary(environment, context.db, date, context.job);
    context.log.info({ date, doormen: sentTo.length }, 'doorman summary sent');
  }),
});
