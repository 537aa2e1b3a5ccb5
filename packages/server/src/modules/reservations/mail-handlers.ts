import { addDays, workingCalendar } from '@parkhere/contract';
import { todayIn } from '../../platform/calendar.ts';
import type { Executor } from '../../platform/jobs/jobs-table.ts';
import type { JobContext, JobHandlers } from '../../platform/jobs/worker.ts';
import type { MailEnvironment } from '../../platform/mail/deliver-mail.ts';
import { loadMailSettings } from '../../platform/mail/mail-data.ts';
import { dayOverrides } from '../configuration/index.ts';
import { sendDoormanNotice, sendDoormanSummary } from '../doormen/index.ts';
import { scheduleDoormanSummary } from './notifications.ts';
import { type MailOutcome, sendReservationMail } from './send-reservation-mail.ts';

const logSkip = (context: JobContext, outcome: MailOutcome): void => {
  if (!outcome.sent) {
    context.log.info({ reason: outcome.skipped }, 'notification skipped');
  }
};

async function loadCalendar(db: Executor) {
  return workingCalendar(await dayOverrides(db));
}

/** Every mail job kind bound to the mail environment. */
export function mailHandlers(environment: MailEnvironment): Omit<JobHandlers, 'files.cleanup'> {
  return {
    'mail.confirmation': async ({ reservationId }, context) =>
      logSkip(
        context,
        await sendReservationMail(environment, context.db, 'confirmation', {
          reservationId,
          now: context.now,
        }),
      ),
    'mail.modification': async ({ reservationId }, context) =>
      logSkip(
        context,
        await sendReservationMail(environment, context.db, 'modification', {
          reservationId,
          now: context.now,
        }),
      ),
    'mail.deletion': async ({ reservationId }, context) =>
      logSkip(
        context,
        await sendReservationMail(environment, context.db, 'deletion', { reservationId, now: context.now }),
      ),
    'mail.reminder': async ({ reservationId, startsAt }, context) =>
      logSkip(
        context,
        await sendReservationMail(environment, context.db, 'reminder', {
          reservationId,
          startsAt,
          now: context.now,
        }),
      ),
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
