import { sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { JobHandlers, RunningJob } from '../../platform/jobs/job-types.ts';
import { deliverMail, type MailEnvironment } from '../../platform/mail/deliver-mail.ts';
import { localeOf } from '../../platform/mail/mail-data.ts';
import { loadMailSettings } from '../configuration/index.ts';
import { logSkip, type MailOutcome } from '../notifications/index.ts';
import { sendServedConfirmation } from '../waitlist/index.ts';
import type { DrawJobs } from './draw-jobs.ts';
import { mailKinds } from './mail-kinds.ts';

type LostRequest = {
  date: string;
  startTime: string;
  endTime: string;
  name: string;
  email: string;
  locale: string | null;
};

async function sendLost(
  environment: MailEnvironment,
  db: Executor,
  { requestId, waiting }: DrawJobs['mail.draw-lost'],
  job: RunningJob,
): Promise<MailOutcome> {
  const found = await sql<LostRequest>`SELECT to_char(q.date, 'YYYY-MM-DD') AS date,
      to_char(q.start_time, 'HH24:MI') AS start_time, to_char(q.end_time, 'HH24:MI') AS end_time,
      u.name, u.email, u.locale
    FROM draw_requests q JOIN users u ON u.id = q.user_id
    WHERE q.id = ${requestId}::bigint AND q.draw_status = 'LOST'`.execute(db);
  const request = found.rows[0];
  if (request === undefined) {
    return { sent: false, skipped: 'the request is not lost' };
  }
  const sent = await deliverMail(environment, await loadMailSettings(db), {
    kind: mailKinds.drawLost,
    locale: localeOf(request.locale),
    to: [request.email],
    configuredBody: null,
    context: {
      recipient: { name: request.name, email: request.email },
      date: request.date,
      startTime: request.startTime,
      endTime: request.endTime,
      waiting,
    },
    job,
  });
  return { sent: true, ...(sent.file === undefined ? {} : { file: sent.file }) };
}

/**
 * The draw's two mails, in the owner's language: a winner's reservation (the confirmation a promoted waitlist
 * entry gets, saying the draw gave it) and a lost request, saying whether it waits.
 */
export const drawMailHandlers = (
  environment: MailEnvironment,
): JobHandlers<Pick<DrawJobs, 'mail.draw-won' | 'mail.draw-lost'>> => ({
  'mail.draw-won': async ({ reservationId }, context) =>
    logSkip(
      context,
      await sendServedConfirmation(environment, context.db, reservationId, {
        kind: mailKinds.drawWon,
        now: context.now,
        job: context.job,
      }),
    ),
  'mail.draw-lost': async (payload, context) =>
    logSkip(context, await sendLost(environment, context.db, payload, context.job)),
});
