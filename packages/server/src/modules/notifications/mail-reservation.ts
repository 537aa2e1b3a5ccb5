import type { Locale } from '@parkhere/contract';
import type { Executor } from '../../platform/db/executor.ts';
import {
  type Delivery,
  deliverMail,
  FLOOR_PLAN_CID,
  floorPlanAttachment,
  type MailEnvironment,
} from '../../platform/mail/deliver-mail.ts';
import type { MailSettings } from '../../platform/mail/mail-data.ts';
import { type ReservationMailValues, reservationValues } from './mail-context.ts';
import { loadReservationFacts } from './mail-data.ts';
import { type ReservationEventFacts, type ReservationMailFacts, viewOf } from './mail-facts.ts';
import { type ReservationRows, recordInvitations } from './mail-repository.ts';
import { type ReservationEvent, reservationEvent } from './reservation-event.ts';

/** Why a mail was not sent: the job is done either way, nothing is retried. */
export type MailSkipped = { sent: false; skipped: string };
export type MailOutcome = { sent: true; file?: string } | MailSkipped;

/** The reservation a mail is about as it is now, or the mail skipped when the reservation no longer exists. */
export const reservationToMail = async (
  db: Executor,
  rows: ReservationRows,
  reservationId: string,
): Promise<ReservationMailFacts | MailSkipped> =>
  (await loadReservationFacts(db, rows, reservationId)) ?? {
    sent: false,
    skipped: 'the reservation no longer exists',
  };

/** The check-in links the mails carry (modules/check-in makes them and passes them in at start). */
export type CheckInUrls = { url: (reservationId: string, closesAt: Date) => string };

/** The release links the mails carry (modules/release-link makes them and passes them in at start). */
export type ReleaseUrls = { url: (reservationId: string, startsAt: Date) => string };

/**
 * What the reservations' mail handlers are bound to at start: the mail environment, the check-in and release links, the
 * reservations' read model their reads embed, and reservations' record that a reservation's guest is told of
 * it (false, recording nothing, when the reservation is not an ACTIVE GUEST one with a guest address, or its
 * guest was told already).
 */
export type ReservationMailEnvironment = {
  mail: MailEnvironment;
  checkInLinks: CheckInUrls;
  releaseLinks: ReleaseUrls;
  reservationRows: ReservationRows;
  markGuestTold: (db: Executor, reservationId: string, now: Date) => Promise<boolean>;
};

/** One mail about a reservation to one recipient, in their language. */
export type ReservationMail = Pick<Delivery, 'kind' | 'locale' | 'appendix' | 'job'> & {
  recipient: { name: string; email: string };
  /** The administrators' template for this mail; the built-in text when null. */
  configuredBody: string | null;
  /** Whether this mail shows the slot's floor plan (when the slot has one). */
  withFloorPlan: boolean;
  /** More of the template's values (the check-in window, the new time zone), or another view of the reservation. */
  context?: Partial<Pick<ReservationMailValues, 'reservation' | 'checkIn' | 'release' | 'timeZone'>>;
  /** When the mail is made: its invitation's stamp. */
  now: Date;
  /** The days its invitation carries, each its own event (a series' confirmation); the reservation alone by default. */
  events?: readonly ReservationEventFacts[];
  /**
   * The owner's invitation (a confirmation, a modification): where to record, once it went out, that the owner's
   * calendar holds its events (recordInvitations), so a change of the time zone mails them the moved ones.
   */
  record?: Executor;
};

/**
 * The events an invitation carries, as the feed shows them (`reservationEvent`, the one writer of a reservation's
 * event), in the recipient's language and the configured zone.
 */
export const invitationEvents = (
  days: readonly ReservationEventFacts[],
  options: { locale: Locale; timeZone: string; publicUrl: string; now: Date },
): ReservationEvent[] =>
  days.map((day) =>
    reservationEvent(day, {
      locale: options.locale,
      timeZone: options.timeZone,
      publicUrl: options.publicUrl,
      stamp: options.now,
    }),
  );

/**
 * A reservation's mail as each of its senders makes it (owner, guest, the waitlist's promotion): the
 * reservation's view in the recipient's language, its floor plan inline where the mail shows one, and its
 * calendar event, the same UID and SEQUENCE for every recipient, so each calendar follows the one event (only
 * the kinds that declare an event carry it).
 */
export async function mailReservation(
  environment: MailEnvironment,
  settings: MailSettings,
  facts: ReservationMailFacts,
  mail: ReservationMail,
): Promise<MailOutcome> {
  const withFloorPlan = mail.withFloorPlan && facts.floorPlan !== null;
  const days = mail.events ?? [facts];
  const { reservation = viewOf(facts, mail.locale), ...more } = mail.context ?? {};
  const sent = await deliverMail(environment, settings, {
    kind: mail.kind,
    locale: mail.locale,
    to: [mail.recipient.email],
    configuredBody: mail.configuredBody,
    context: reservationValues(mail.recipient, reservation, {
      ...more,
      ...(withFloorPlan ? { floorPlanCid: FLOOR_PLAN_CID } : {}),
    }),
    attachments: withFloorPlan ? floorPlanAttachment(facts, environment.dataDir) : [],
    ...(mail.appendix === undefined ? {} : { appendix: mail.appendix }),
    ...(mail.job === undefined ? {} : { job: mail.job }),
    event: invitationEvents(days, {
      locale: mail.locale,
      timeZone: settings.timeZone,
      publicUrl: environment.publicUrl,
      now: mail.now,
    }),
  });
  if (mail.record !== undefined && mail.kind.event === 'REQUEST') {
    await recordInvitations(
      mail.record,
      days.map((day) => day.row.id),
      mail.now,
    );
  }
  return { sent: true, ...(sent.file === undefined ? {} : { file: sent.file }) };
}
