import { stampedTransaction } from '../../platform/db/actor-stamp.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { JobContext, RunningJob } from '../../platform/jobs/job-types.ts';
import type { MailKind } from '../../platform/mail/mail-kind.ts';
import { plainName } from '../../platform/mail/plain-name.ts';
import { loadMailSettings } from '../configuration/index.ts';
import type { ReservationJobs } from './jobs.ts';
import { mailKinds } from './mail-kinds.ts';
import {
  type MailOutcome,
  mailReservation,
  type ReservationMailEnvironment,
  reservationToMail,
} from './mail-reservation.ts';
import { GUEST_CHECK_IN_NOTES } from './mail-texts.ts';
import { refundUnsentIn } from './refund-unsent.ts';
import { checkInTimesOf } from './reservation-event.ts';
import { reasonToSkip } from './send-reservation-mail.ts';

export type GuestMailAbout = ReservationJobs['mail.guest']['about'];

const KINDS: Record<GuestMailAbout, MailKind> = {
  confirmation: mailKinds.guestConfirmation,
  modification: mailKinds.guestModification,
  deletion: mailKinds.guestDeletion,
  'time-zone': mailKinds.guestTimeZone,
};

/** Rolls back a guest's confirmation whose job another worker took over meanwhile: that one sends it. */
class JobTakenOver extends Error {}

/**
 * The guest's confirmation, the one mail that tells a guest of a reservation, as a mail system would: in one
 * transaction it records the guest as told under the reservation's row lock, completes the job and sends the
 * reservation as it is then (changed since it was made, it shows the change). A deletion that came first
 * leaves nothing to send; one that comes meanwhile waits for the lock and then finds the guest told, so it
 * mails its deletion. A failed send rolls it all back, and the job is retried. Not sent, it gives back what it
 * was charged.
 */
export async function confirmToGuest(
  environment: ReservationMailEnvironment,
  { reservationId, charge }: ReservationJobs['mail.guest'],
  context: JobContext,
): Promise<MailOutcome> {
  try {
    return await stampedTransaction(context.db, context.stamp, async (transaction) => {
      if (!(await environment.markGuestTold(transaction, reservationId, context.now))) {
        await refundUnsentIn(transaction, context, charge);
        return { sent: false, skipped: 'the reservation is not ACTIVE, has no guest address or was told' };
      }
      if (!(await context.complete(transaction))) {
        throw new JobTakenOver();
      }
      const request = { reservationId, now: context.now, job: context.job };
      return sendGuestMail(environment, transaction, 'confirmation', request);
    });
  } catch (error) {
    if (error instanceof JobTakenOver) {
      return { sent: false, skipped: 'the job passed to another worker' };
    }
    throw error;
  }
}

/**
 * The guest's own mail about a GUEST reservation: made, changed, deleted or moved by a new time zone. It goes in
 * the owner's language (the guest has no account, so no preference of their own) and always in the built-in
 * text: the administrators' templates are written to employees. Skipped like the owner's mail of the same change when
 * the reservation no longer fits it, and when it has no guest address.
 */
export async function sendGuestMail(
  environment: ReservationMailEnvironment,
  db: Executor,
  about: GuestMailAbout,
  request: { reservationId: string; now: Date; job: RunningJob },
): Promise<MailOutcome> {
  const facts = await reservationToMail(db, environment.reservationRows, request.reservationId);
  if ('skipped' in facts) {
    return facts;
  }
  const guestEmail = facts.row.guestEmail?.trim() ?? '';
  if (facts.row.type !== 'GUEST' || guestEmail === '') {
    return { sent: false, skipped: 'the reservation has no guest address' };
  }
  // A time zone's move is a change the guest did not see coming, skipped as one: when no longer ACTIVE.
  const skipped = reasonToSkip(about === 'time-zone' ? 'modification' : about, facts, request);
  if (skipped !== null) {
    return { sent: false, skipped };
  }
  const settings = await loadMailSettings(db);
  // Where the garage checks arrivals in, the guest is told to report to the doorman within the window.
  const checkIn =
    facts.checkIn.required && about !== 'deletion' ? checkInTimesOf(facts, settings.timeZone) : null;
  const context = {
    ...(about === 'time-zone' ? { timeZone: settings.timeZone } : {}),
    ...(checkIn === null
      ? {}
      : { checkIn: { opensAt: checkIn.opensAt, closesAt: checkIn.closesAt, url: null } }),
  };
  // The same event as the owner's invitation (UID and SEQUENCE), so the guest's calendar follows it too.
  return mailReservation(environment.mail, settings, facts, {
    kind: KINDS[about],
    locale: facts.owner.locale,
    context,
    ...(checkIn === null ? {} : { appendix: GUEST_CHECK_IN_NOTES[facts.owner.locale] }),
    recipient: {
      name: facts.row.guestName === null ? guestEmail : plainName(facts.row.guestName),
      email: guestEmail,
    },
    configuredBody: null,
    withFloorPlan: about === 'confirmation',
    now: request.now,
    job: request.job,
  });
}
