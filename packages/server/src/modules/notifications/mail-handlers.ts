import type { JobContext, JobHandlers } from '../../platform/jobs/job-types.ts';
import type { ReservationJobs } from './jobs.ts';
import { recordEarlierInvitations } from './mail-repository.ts';
import type { MailOutcome, ReservationMailEnvironment } from './mail-reservation.ts';
import { refundUnsent } from './refund-unsent.ts';
import { confirmToGuest, sendGuestMail } from './send-guest-mail.ts';
import { type OwnerMailKind, sendReservationMail } from './send-reservation-mail.ts';
import { sendTimeZoneMail } from './send-time-zone-mail.ts';

export const logSkip = (context: JobContext, outcome: MailOutcome): void => {
  if (!outcome.sent) {
    context.log.info({ reason: outcome.skipped }, 'notification skipped');
  }
};

/**
 * The handlers of the reservations' mail job kinds (but the doormen's notice, which the doormen module sends),
 * bound to what they need at start.
 */
export function reservationJobHandlers(
  environment: ReservationMailEnvironment,
): JobHandlers<Omit<ReservationJobs, 'mail.doorman-notice'>> {
  // Every owner kind mails the reservation's owner and logs why when it does not; a reminder also names its start.
  const send =
    (kind: OwnerMailKind) =>
    async ({ reservationId, startsAt }: { reservationId: string; startsAt?: string }, context: JobContext) =>
      logSkip(
        context,
        await sendReservationMail(environment, context.db, kind, {
          reservationId,
          startsAt,
          now: context.now,
          job: context.job,
        }),
      );
  return {
    'mail.confirmation': send('confirmation'),
    'mail.modification': send('modification'),
    'mail.deletion': send('deletion'),
    'mail.reminder': send('reminder'),
    'mail.no-show': send('no-show'),
    'mail.time-zone': async (payload, context) =>
      logSkip(context, await sendTimeZoneMail(environment, context.db, payload, context)),
    'notifications.record-invitations': async ({ before }, context) => {
      const recorded = await recordEarlierInvitations(context.db, environment.reservationRows, {
        before: new Date(before),
        now: context.now,
      });
      context.log.info({ recorded }, 'invitations mailed before they were recorded');
    },
    // Only the confirmation tells the guest of the reservation; its changes are mailed to a guest told of it.
    'mail.guest': async (payload, context) => {
      if (payload.about === 'confirmation') {
        logSkip(context, await confirmToGuest(environment, payload, context));
        return;
      }
      const outcome = await sendGuestMail(environment, context.db, payload.about, {
        reservationId: payload.reservationId,
        now: context.now,
        job: context.job,
      });
      logSkip(context, outcome);
      if (!outcome.sent) {
        await refundUnsent(context, payload.charge);
      }
    },
  };
}
