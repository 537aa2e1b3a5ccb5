import type { Executor } from '../../platform/db/executor.ts';
import type { RunningJob } from '../../platform/jobs/job-types.ts';
import { deliverMail, type MailEnvironment } from '../../platform/mail/deliver-mail.ts';
import { localeOf } from '../../platform/mail/mail-data.ts';
import type { MailKind, PlaceholderDescription } from '../../platform/mail/mail-kind.ts';
import { loadMailSettings } from '../configuration/index.ts';
import { SAMPLE_DAY, SAMPLE_EMPLOYEE } from './mail-kinds.ts';
import { type PlaceholderName, placeholders } from './mail-placeholders.ts';
import type { MailOutcome } from './mail-reservation.ts';

/*
 * A mail about a requested day that got no reservation (a wait that expired, a request the draw did not
 * serve): the day and times asked for, to the request's owner in their language, in the built-in text.
 */

/** What such a mail fills, with a kind's own values (`own`) before what every mail shares. */
export const requestDayPlaceholders = (
  own: readonly PlaceholderName[] = [],
): Readonly<Record<string, PlaceholderDescription>> =>
  placeholders([
    'recipient.name',
    'recipient.email',
    'date',
    'startTime',
    'endTime',
    ...own,
    'appUrl',
    'contactEmail',
  ]);

/** The preview's request: an employee's day, as the senders read it. */
export const sampleRequestDay = () => ({
  recipient: SAMPLE_EMPLOYEE,
  date: SAMPLE_DAY,
  startTime: '08:30:00',
  endTime: '16:30:00',
});

/** The request as its mail reads it: the day and times asked for, and its owner. */
export type RequestDay = {
  date: string;
  startTime: string;
  endTime: string;
  name: string;
  email: string;
  locale: string | null;
};

/** Mails `kind` about `request` to its owner; `own`: the kind's values beside the day's. */
export async function mailRequestDay(
  environment: MailEnvironment,
  db: Executor,
  {
    kind,
    request,
    own = {},
    job,
  }: { kind: MailKind; request: RequestDay; own?: Readonly<Record<string, unknown>>; job: RunningJob },
): Promise<MailOutcome> {
  const sent = await deliverMail(environment, await loadMailSettings(db), {
    kind,
    locale: localeOf(request.locale),
    to: [request.email],
    configuredBody: null,
    context: {
      recipient: { name: request.name, email: request.email },
      date: request.date,
      startTime: request.startTime,
      endTime: request.endTime,
      ...own,
    },
    job,
  });
  return { sent: true, ...(sent.file === undefined ? {} : { file: sent.file }) };
}
