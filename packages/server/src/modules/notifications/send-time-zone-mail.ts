import type { Executor } from '../../platform/db/executor.ts';
import type { RunningJob } from '../../platform/jobs/job-types.ts';
import { deliverMail } from '../../platform/mail/deliver-mail.ts';
import { localeOf } from '../../platform/mail/mail-data.ts';
import { plainName } from '../../platform/mail/plain-name.ts';
import { loadMailSettings } from '../configuration/index.ts';
import type { ReservationJobs } from './jobs.ts';
import { movedView } from './mail-context.ts';
import { eventFactsOf } from './mail-data.ts';
import { mailKinds } from './mail-kinds.ts';
import { mailedUser, movedEventRecords, recordInvitations } from './mail-repository.ts';
import { invitationEvents, type MailOutcome, type ReservationMailEnvironment } from './mail-reservation.ts';

/**
 * The re-invitation after a change of the configured time zone (issue 31 §3): one mail to the owner, in their
 * language, naming each of their reservations the change moved (a LONG booking's or a series' days among them)
 * and carrying each as its event, with the same UID and the raised SEQUENCE (the feed's event), so their calendar
 * moves them to the new instants. Reads the rows as they are now: a reservation deleted, cancelled, given to
 * another or ended since is left out, and the mail skipped when none is left or the owner cannot be mailed.
 */
export async function sendTimeZoneMail(
  environment: Pick<ReservationMailEnvironment, 'mail' | 'reservationRows'>,
  db: Executor,
  payload: ReservationJobs['mail.time-zone'],
  request: { now: Date; job: RunningJob },
): Promise<MailOutcome> {
  const owner = await mailedUser(db, payload.ownerId);
  if (owner === null) {
    return { sent: false, skipped: 'the owner no longer exists, is deactivated or anonymised' };
  }
  const records = await movedEventRecords(db, environment.reservationRows, {
    ownerId: payload.ownerId,
    ids: payload.reservationIds,
    now: request.now,
  });
  if (records.length === 0) {
    return { sent: false, skipped: 'none of the moved reservations is still to come' };
  }
  const days = records.map(eventFactsOf);
  const settings = await loadMailSettings(db);
  const locale = localeOf(owner.locale);
  const recipient = { name: plainName(owner.name), email: owner.email };
  const sent = await deliverMail(environment.mail, settings, {
    kind: mailKinds.timeZone,
    locale,
    to: [owner.email],
    configuredBody: null,
    context: {
      recipient,
      timeZone: settings.timeZone,
      movedReservations: days.map((day) => movedView(day.row)),
    },
    job: request.job,
    event: invitationEvents(days, {
      locale,
      timeZone: settings.timeZone,
      publicUrl: environment.mail.publicUrl,
      now: request.now,
    }),
  });
  await recordInvitations(
    db,
    days.map((day) => day.row.id),
    request.now,
  );
  return { sent: true, ...(sent.file === undefined ? {} : { file: sent.file }) };
}
