import type { JobContext, JobHandlers } from '../../platform/jobs/worker.ts';
import type { MailEnvironment } from '../../platform/mail/deliver-mail.ts';
import { type MailOutcome, sendReservationMail } from './send-reservation-mail.ts';

export const logSkip = (context: JobContext, outcome: MailOutcome): void => {
  if (!outcome.sent) {
    context.log.info({ reason: outcome.skipped }, 'notification skipped');
  }
};

/** The reservation mail job kinds bound to the mail environment. */
export function mailHandlers(
  environment: MailEnvironment,
): Pick<JobHandlers, 'mail.confirmation' | 'mail.modification' | 'mail.deletion' | 'mail.reminder'> {
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
  };
}
