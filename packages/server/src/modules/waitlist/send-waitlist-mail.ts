import type { Executor } from '../../platform/db/executor.ts';
import type { JobContext, JobHandlers, RunningJob } from '../../platform/jobs/job-types.ts';
import { deliverMail, type MailEnvironment } from '../../platform/mail/deliver-mail.ts';
import { localeOf } from '../../platform/mail/mail-data.ts';
import { loadMailSettings } from '../configuration/index.ts';
import { logSkip, type MailOutcome, mailReservation, reservationToMail } from '../notifications/index.ts';
import { reservationRowsSql } from '../reservations/index.ts';
import type { WaitlistJobs } from './jobs.ts';
import { mailKinds } from './mail-kinds.ts';
import { expiredEntryMail } from './repository.ts';

/**
 * The waitlist's two mails, in the owner's language (users.locale): the reservation an entry became (its one
 * confirmation, with the floor plan as the confirmation has it) and an entry that expired unserved.
 */
async function sendPromoted(
  environment: MailEnvironment,
  db: Executor,
  reservationId: string,
  { now, job }: { now: Date; job: RunningJob },
): Promise<MailOutcome> {
  const facts = await reservationToMail(db, reservationRowsSql, reservationId);
  if ('skipped' in facts) {
    return facts;
  }
  if (facts.row.status !== 'ACTIVE') {
    return { sent: false, skipped: `the reservation is ${facts.row.status}` };
  }
  return mailReservation(environment, await loadMailSettings(db), facts, {
    kind: mailKinds.waitlistPromoted,
    locale: facts.owner.locale,
    recipient: { name: facts.owner.name, email: facts.owner.email },
    // The garage's confirmation template would not say where the slot came from: the built-in text does.
    configuredBody: null,
    withFloorPlan: true,
    now,
    job,
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
  const sent = await deliverMail(environment, await loadMailSettings(db), {
    kind: mailKinds.waitlistExpired,
    locale: localeOf(entry.locale),
    to: [entry.email],
    configuredBody: null,
    context: {
      recipient: { name: entry.name, email: entry.email },
      date: entry.date,
      startTime: entry.startTime,
      endTime: entry.endTime,
      ...(entry.garageName === null ? {} : { garageName: entry.garageName }),
    },
    job,
  });
  return { sent: true, ...(sent.file === undefined ? {} : { file: sent.file }) };
}

/** The waitlist's mail job kinds bound to the mail environment. */
export function waitlistMailHandlers(
  environment: MailEnvironment,
): JobHandlers<Omit<WaitlistJobs, 'waitlist.promote'>> {
  return {
    'mail.waitlist-promoted': async ({ reservationId }, context: JobContext) =>
      logSkip(context, await sendPromoted(environment, context.db, reservationId, context)),
    'mail.waitlist-expired': async ({ entryId }, context: JobContext) =>
      logSkip(context, await sendExpired(environment, context.db, entryId, context.job)),
  };
}
