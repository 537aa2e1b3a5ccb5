import type { Executor } from '../../platform/db/executor.ts';
import { CHECK_IN_NOTES } from '../../platform/mail/default-templates.ts';
import {
  deliverMail,
  FLOOR_PLAN_CID,
  floorPlanAttachment,
  type MailEnvironment,
} from '../../platform/mail/deliver-mail.ts';
import type { MailSettings } from '../../platform/mail/mail-data.ts';
import type { MailContext } from '../../platform/mail/mail-kinds.ts';
import { loadMailSettings } from '../configuration/index.ts';
import { loadReservationFacts, type ReservationMailFacts, viewOf } from '../reservations/mail-data.ts';
import { checkInTimesOf, reservationEvent } from './reservation-event.ts';

/** Why a mail was not sent: the job is done either way, nothing is retried. */
export type MailOutcome = { sent: true; file?: string } | { sent: false; skipped: string };

/** The check-in links the mails carry (modules/check-in makes them and passes them in at start). */
export type CheckInUrls = { url: (reservationId: string, closesAt: Date) => string };

export type OwnerMailKind = 'confirmation' | 'modification' | 'deletion' | 'reminder' | 'no-show';

/**
 * The check-in window of a reservation whose garage requires it, as wall-clock times, with the link for the
 * mails that carry one: the confirmation (not a LONG series', whose days each have their own window; their
 * reminders carry it) and the reminder, while the reservation still waits for its check-in.
 */
function checkInOf(
  kind: OwnerMailKind,
  facts: ReservationMailFacts,
  timeZone: string,
  links: CheckInUrls,
): MailContext['checkIn'] {
  if (!facts.checkIn.required) {
    return undefined;
  }
  const times = checkInTimesOf(facts, timeZone);
  const linked =
    (kind === 'reminder' || (kind === 'confirmation' && facts.seriesDays.length === 0)) &&
    facts.row.status === 'ACTIVE' &&
    facts.checkedInAt === null;
  return {
    opensAt: times.opensAt,
    closesAt: times.closesAt,
    url: linked ? links.url(facts.row.id, times.closes) : null,
  };
}

/**
 * The mails to a reservation's owner. Each reads the reservation as it is now and skips when that no longer
 * fits (deleted before its confirmation went out, moved since its reminder was scheduled, …).
 */
export async function sendReservationMail(
  environment: MailEnvironment,
  db: Executor,
  kind: OwnerMailKind,
  request: { reservationId: string; now: Date; startsAt?: string },
  links: CheckInUrls,
): Promise<MailOutcome> {
  const facts = await loadReservationFacts(db, request.reservationId);
  if (facts === null) {
    return { sent: false, skipped: 'the reservation no longer exists' };
  }
  const skipped = reasonToSkip(kind, facts, request);
  if (skipped !== null) {
    return { sent: false, skipped };
  }
  const settings = await loadMailSettings(db);
  const withFloorPlan = kind === 'confirmation' && facts.floorPlan !== null;
  const locale = facts.owner.locale;
  const checkIn = checkInOf(kind, facts, settings.timeZone, links);
  const noted = checkIn !== undefined && (kind === 'confirmation' || kind === 'reminder');
  const sent = await deliverMail(environment, settings, {
    kind,
    locale,
    to: [facts.owner.email],
    configuredBody: configuredBodyOf(kind, facts, settings),
    context: {
      recipient: { name: facts.owner.name, email: facts.owner.email },
      // A no-show is about its own day, not the series' days released with the same status.
      reservation: viewOf(kind === 'no-show' ? { ...facts, seriesDays: [] } : facts, locale),
      ...(checkIn === undefined ? {} : { checkIn }),
      ...(withFloorPlan ? { floorPlanCid: FLOOR_PLAN_CID } : {}),
    },
    attachments: withFloorPlan ? floorPlanAttachment(facts, environment.dataDir) : [],
    ...(noted ? { appendix: CHECK_IN_NOTES[locale] } : {}),
    // Only the kinds that declare an event carry it (MAIL_EVENT_METHOD): not the reminder.
    event: reservationEvent(facts, {
      locale,
      timeZone: settings.timeZone,
      publicUrl: environment.publicUrl,
      stamp: request.now,
    }),
  });
  return { sent: true, ...(sent.file === undefined ? {} : { file: sent.file }) };
}

/** Why a mail of this kind no longer fits the reservation as it is now, or null to send it. */
export function reasonToSkip(
  kind: OwnerMailKind,
  facts: ReservationMailFacts,
  request: { now: Date; startsAt?: string },
): string | null {
  switch (kind) {
    case 'confirmation':
      if (facts.row.status !== 'ACTIVE') {
        return `the reservation is ${facts.row.status}`;
      }
      // One confirmation per LONG series, listing its days: only its first day's goes out. Every day's is
      // queued (createdReservationJobs), so this is the one place the rule is kept.
      return facts.seriesDays.length === 0 || facts.seriesDays[0] === facts.row.date
        ? null
        : 'the series is confirmed with its first day';
    case 'modification':
      return facts.row.status === 'ACTIVE' ? null : `the reservation is ${facts.row.status}`;
    case 'deletion':
      return facts.row.status === 'DELETED' ? null : `the reservation is ${facts.row.status}, not DELETED`;
    case 'no-show':
      return facts.row.status === 'NO_SHOW' ? null : `the reservation is ${facts.row.status}, not NO_SHOW`;
    case 'reminder':
      if (facts.row.status !== 'ACTIVE') {
        return `the reservation is ${facts.row.status}`;
      }
      if (!facts.sendNotification) {
        return 'the reservation asks for no notification';
      }
      if (
        request.startsAt !== undefined &&
        new Date(request.startsAt).getTime() !== facts.startsAt.getTime()
      ) {
        return 'the reservation was moved after this reminder was scheduled';
      }
      return facts.startsAt.getTime() > request.now.getTime() ? null : 'the reservation has started';
  }
}

function configuredBodyOf(
  kind: OwnerMailKind,
  facts: ReservationMailFacts,
  settings: MailSettings,
): string | null {
  switch (kind) {
    case 'confirmation':
      return facts.garageTemplate;
    case 'modification':
      return settings.modificationEmailTemplate;
    case 'deletion':
      return settings.deletionEmailTemplate;
    case 'reminder':
      return settings.reminderEmailTemplate;
    case 'no-show':
      return null;
  }
}
