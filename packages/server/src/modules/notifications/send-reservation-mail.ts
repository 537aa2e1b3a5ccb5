import type { Executor } from '../../platform/db/executor.ts';
import type { RunningJob } from '../../platform/jobs/job-types.ts';
import type { MailKind } from '../../platform/mail/mail-kind.ts';
import { type ConfiguredMail, loadMailSettings } from '../configuration/index.ts';
import type { CheckInValues } from './mail-context.ts';
import { type ReservationMailFacts, viewOf } from './mail-facts.ts';
import { mailKinds } from './mail-kinds.ts';
import {
  type CheckInUrls,
  type MailOutcome,
  mailReservation,
  type ReservationMailEnvironment,
  reservationToMail,
} from './mail-reservation.ts';
import { CHECK_IN_NOTES } from './mail-texts.ts';
import { checkInTimesOf } from './reservation-event.ts';

export type OwnerMailKind = 'confirmation' | 'modification' | 'deletion' | 'reminder' | 'no-show';

const KINDS: Record<OwnerMailKind, MailKind> = {
  confirmation: mailKinds.confirmation,
  modification: mailKinds.modification,
  deletion: mailKinds.deletion,
  reminder: mailKinds.reminder,
  'no-show': mailKinds.noShow,
};

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
): CheckInValues | undefined {
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
 * What a mail of `kind` adds where the reservation's garage requires check-in: the window (and link) among its
 * values, and for the confirmation and the reminder the sentence after the body, configured body or not.
 * Every confirmation of a reservation carries it: a direct booking's, and one a request became (the
 * waitlist's promotion, a draw's win).
 */
export function checkInAddition(
  kind: OwnerMailKind,
  facts: ReservationMailFacts,
  timeZone: string,
  links: CheckInUrls,
): { checkIn?: CheckInValues; appendix?: string } {
  const checkIn = checkInOf(kind, facts, timeZone, links);
  if (checkIn === undefined) {
    return {};
  }
  const noted = kind === 'confirmation' || kind === 'reminder';
  return { checkIn, ...(noted ? { appendix: CHECK_IN_NOTES[facts.owner.locale] } : {}) };
}

/**
 * The mails to a reservation's owner. Each reads the reservation as it is now and skips when that no longer
 * fits (deleted before its confirmation went out, moved since its reminder was scheduled, …).
 */
export async function sendReservationMail(
  environment: ReservationMailEnvironment,
  db: Executor,
  kind: OwnerMailKind,
  request: { reservationId: string; now: Date; startsAt?: string; job: RunningJob },
): Promise<MailOutcome> {
  const facts = await reservationToMail(db, environment.reservationRows, request.reservationId);
  if ('skipped' in facts) {
    return facts;
  }
  const skipped = reasonToSkip(kind, facts, request);
  if (skipped !== null) {
    return { sent: false, skipped };
  }
  const settings = await loadMailSettings(db);
  const locale = facts.owner.locale;
  const { checkIn, appendix } = checkInAddition(kind, facts, settings.timeZone, environment.checkInLinks);
  return mailReservation(environment.mail, settings, facts, {
    kind: KINDS[kind],
    locale,
    recipient: { name: facts.owner.name, email: facts.owner.email },
    configuredBody: configuredBodyOf(KINDS[kind], facts, settings),
    withFloorPlan: kind === 'confirmation',
    context: {
      // A no-show is about its own day, not the series' days released with the same status.
      ...(kind === 'no-show' ? { reservation: viewOf({ ...facts, seriesDays: [] }, locale) } : {}),
      ...(checkIn === undefined ? {} : { checkIn }),
    },
    ...(appendix === undefined ? {} : { appendix }),
    now: request.now,
    job: request.job,
  });
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

/** The administrators' template the kind names as its body: the garage's or the configuration's, if any. */
function configuredBodyOf(
  kind: MailKind,
  facts: ReservationMailFacts,
  settings: ConfiguredMail,
): string | null {
  switch (kind.templateField) {
    case undefined:
      return null;
    case 'emailTemplateOfTheGarage':
      return facts.garageTemplate;
    default:
      return settings.templates[kind.templateField];
  }
}
