import { sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { JobContext, JobHandlers, RunningJob } from '../../platform/jobs/job-types.ts';
import type { MailEnvironment } from '../../platform/mail/deliver-mail.ts';
import { logSkip, type MailOutcome, mailRequestDay, type RequestDay } from '../notifications/index.ts';
import { type ServedMailEnvironment, sendServedConfirmation } from '../waitlist/index.ts';
import type { DrawJobs } from './draw-jobs.ts';
import { mailKinds } from './mail-kinds.ts';

/** A lost request's day and times, with its owner (their push notification reads it too); undefined unless LOST. */
export async function lostRequestDay(db: Executor, requestId: string): Promise<RequestDay | undefined> {
  const found = await sql<RequestDay>`SELECT to_char(q.date, 'YYYY-MM-DD') AS date,
      to_char(q.start_time, 'HH24:MI') AS start_time, to_char(q.end_time, 'HH24:MI') AS end_time,
      u.name, u.email, u.locale
    FROM draw_requests q JOIN users u ON u.id = q.user_id
    WHERE q.id = ${requestId}::bigint AND q.draw_status = 'LOST'`.execute(db);
  return found.rows[0];
}

async function sendLost(
  environment: MailEnvironment,
  db: Executor,
  { requestId, waiting, settled = false }: DrawJobs['mail.draw-lost'],
  job: RunningJob,
): Promise<MailOutcome> {
  const request = await lostRequestDay(db, requestId);
  if (request === undefined) {
    return { sent: false, skipped: 'the request is not lost' };
  }
  return mailRequestDay(environment, db, {
    kind: mailKinds.drawLost,
    request,
    own: { waiting, settled },
    job,
  });
}

/** A served request's confirmation, sent as `kind` (a winner's, a settled request's): the waitlist's sender. */
const servedConfirmation =
  (environment: ServedMailEnvironment, kind: typeof mailKinds.drawWon | typeof mailKinds.drawSettled) =>
  async ({ reservationId }: { reservationId: string }, context: JobContext) =>
    logSkip(
      context,
      await sendServedConfirmation(environment, context.db, reservationId, {
        kind,
        now: context.now,
        job: context.job,
      }),
    );

/**
 * The draw's mails, in the owner's language: a winner's or a settled request's reservation (the confirmation a
 * promoted waitlist entry gets, saying the draw gave it) and a lost request, saying whether it waits.
 */
export const drawMailHandlers = (
  environment: ServedMailEnvironment,
): JobHandlers<Pick<DrawJobs, 'mail.draw-won' | 'mail.draw-settled' | 'mail.draw-lost'>> => ({
  'mail.draw-won': servedConfirmation(environment, mailKinds.drawWon),
  'mail.draw-settled': servedConfirmation(environment, mailKinds.drawSettled),
  'mail.draw-lost': async (payload, context) =>
    logSkip(context, await sendLost(environment.mail, context.db, payload, context.job)),
});
