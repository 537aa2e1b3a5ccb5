import type { Executor } from '../../platform/db/executor.ts';
import type { JobContext, JobHandlers, RunningJob } from '../../platform/jobs/job-types.ts';
import type { MailEnvironment } from '../../platform/mail/deliver-mail.ts';
import type { MailKind } from '../../platform/mail/mail-kind.ts';
import { loadMailSettings } from '../configuration/index.ts';
import {
  logSkip,
  type MailOutcome,
  mailAdditions,
  mailRequestDay,
  mailReservation,
  type ReservationMailEnvironment,
  reservationToMail,
} from '../notifications/index.ts';
import { reservationRowsSql } from '../reservations/index.ts';
import type { WaitlistJobs } from './jobs.ts';
import { mailKinds } from './mail-kinds.ts';
import { expiredEntryMail } from './repository.ts';

/** What a served request's confirmation is sent with: the mail environment, the check-in and release links. */
export type ServedMailEnvironment = Pick<
  ReservationMailEnvironment,
  'mail' | 'checkInLinks' | 'releaseLinks'
>;

/**
 * The reservation a request became, mailed to its owner in their language as its one confirmation (with the
 * floor plan, the calendar invitation, the link that gives it back and, where the garage requires check-in,
 * its window and link, as a direct booking's confirmation has them), in the built-in text of `kind`, which says where the slot came
 * from: the waitlist's promotion, or a draw.
 */
export async function sendServedConfirmation(
  environment: ServedMailEnvironment,
  db: Executor,
  reservationId: string,
  { kind, now, job }: { kind: MailKind; now: Date; job: RunningJob },
): Promise<MailOutcome> {
  const facts = await reservationToMail(db, reservationRowsSql, reservationId);
  if ('skipped' in facts) {
    return facts;
  }
  if (facts.row.status !== 'ACTIVE') {
    return { sent: false, skipped: `the reservation is ${facts.row.status}` };
  }
  const settings = await loadMailSettings(db);
  const { context, appendix } = mailAdditions('confirmation', facts, settings.timeZone, environment, now);
  return mailReservation(environment.mail, settings, facts, {
    kind,
    locale: facts.owner.locale,
    recipient: { name: facts.owner.name, email: facts.owner.email },
    // The garage's confirmation template would not say where the slot came from: the built-in text does.
    configuredBody: null,
    withFloorPlan: true,
    context,
    ...(appendix === undefined ? {} : { appendix }),
    now,
    job,
    record: db,
  });
}

async function sendExpired(
  environment: MailEnvironment,
  db: Executor,
  entryId: string,
  job: RunningJob,
): Promise<MailOutcome> {
  const entry = await expiredEntryMail(db, entryId);
  if (entry === undefined) {
    return { sent: false, skipped: 'the entry no longer exists' };
  }
  if (entry.status !== 'EXPIRED') {
    return { sent: false, skipped: `the entry is ${entry.status}` };
  }
  return mailRequestDay(environment, db, {
    kind: mailKinds.waitlistExpired,
    request: entry,
    own: entry.garageName === null ? {} : { garageName: entry.garageName },
    job,
  });
}

/** The waitlist's mail job kinds bound to the mail environment and the check-in links. */
export function waitlistMailHandlers(
  environment: ServedMailEnvironment,
): JobHandlers<Omit<WaitlistJobs, 'waitlist.promote'>> {
  return {
    'mail.waitlist-promoted': async ({ reservationId }, context: JobContext) =>
      logSkip(
        context,
        await sendServedConfirmation(environment, context.db, reservationId, {
          kind: mailKinds.waitlistPromoted,
          now: context.now,
          job: context.job,
        }),
      ),
    'mail.waitlist-expired': async ({ entryId }, context: JobContext) =>
      logSkip(context, await sendExpired(environment.mail, context.db, entryId, context.job)),
  };
}
