import { addDays, workingCalendar } from '@parkhere/contract';
import { todayIn } from '../../platform/calendar.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { JobHandlers } from '../../platform/jobs/worker.ts';
import type { MailEnvironment } from '../../platform/mail/deliver-mail.ts';
import { dayOverrides, loadMailSettings } from '../configuration/index.ts';
import { logSkip, scheduleDoormanSummary } from '../reservations/index.ts';
import { sendDoormanNotice, sendDoormanSummary } from './send-doorman-mail.ts';

async function loadCalendar(db: Executor) {
  return workingCalendar(await dayOverrides(db));
}

/** The doormen's mail job kinds bound to the mail environment. */
export function doormanMailHandlers(
  environment: MailEnvironment,
): Pick<JobHandlers, 'mail.doorman-notice' | 'mail.doorman-summary'> {
  return {
    'mail.doorman-notice': async ({ reservationId }, context) =>
      logSkip(context, await sendDoormanNotice(environment, context.db, reservationId)),
    'mail.doorman-summary': async ({ date }, context) => {
      const { timeZone } = await loadMailSettings(context.db);
      // The next day first: a failing send is retried, but the chain of days never breaks.
      await scheduleDoormanSummary(context.db, addDays(date, 1), timeZone, context.now);
      if (date < todayIn(context.now, timeZone)) {
        context.log.info({ date }, 'doorman summary of a past day skipped');
        return;
      }
      if (!(await loadCalendar(context.db)).isWorkingDay(date)) {
        context.log.info({ date }, 'doorman summary skipped: not a working day');
        return;
      }
      const { sentTo } = await sendDoormanSummary(environment, context.db, date);
      context.log.info({ date, doormen: sentTo.length }, 'doorman summary sent');
    },
  };
}
