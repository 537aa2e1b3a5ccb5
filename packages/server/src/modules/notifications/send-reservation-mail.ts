import type { Executor } from '../../platform/db/executor.ts';
import type { RunningJob } from '../../platform/jobs/job-types.ts';
import type { TemplateTexts } from '../../platform/mail/mail-data.ts';
import type { MailKind } from '../../platform/mail/mail-kind.ts';
import { type ConfiguredMail, loadMailSettings } from '../configuration/index.ts';
import type { CheckInValues, ReleaseValues } from './mail-context.ts';
import { loadSeriesEvents } from './mail-data.ts';
import { type ReservationMailFacts, viewOf } from './mail-facts.ts';
import { mailKinds } from './mail-kinds.ts';
import {
  type CheckInUrls,
  type MailOutcome,
  mailReservation,
  type ReleaseUrls,
  type ReservationMailEnvironment,
  reservationToMail,
} from './mail-reservation.ts';
import { CHECK_IN_NOTES, RELEASE_NOTES } from './mail-texts.ts';
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
 * The release link of the mails that carry one: a single reservation's confirmation (a LONG series' lists
 * days, each of them its own reservation: their reminders carry theirs) and its reminder, while it is ACTIVE and
 * has not started; the link expires when it starts.
 */
function releaseOf(
  kind: OwnerMailKind,
  facts: ReservationMailFacts,
  links: ReleaseUrls,
  now: Date,
): ReleaseValues | undefined {
  const linked =
    (kind === 'reminder' || (kind === 'confirmation' && facts.seriesDays.length === 0)) &&
    facts.row.status === 'ACTIVE' &&
    facts.startsAt.getTime() > now.getTime();
  return linked ? { url: links.url(facts.row.id, facts.startsAt) } : undefined;
}

/** What a mail adds to its values and after its body, configured or not. */
export type MailAdditions = {
  context: { checkIn?: CheckInValues; release?: ReleaseValues };
  appendix?: string;
};

/**
 * What a mail of `kind` adds: where the reservation's garage requires check-in, the window (and link) among its
 * values, and for the confirmation and the reminder the sentence after the body; and the "Not coming?" link
 * that gives the reservation back (releaseOf). Every confirmation of a reservation carries them: a direct
 * booking's, and one a request became (the waitlist's promotion, a draw's win).
 */
export function mailAdditions(
  kind: OwnerMailKind,
  facts: ReservationMailFacts,
  timeZone: string,
  links: Pick<ReservationMailEnvironment, 'checkInLinks' | 'releaseLinks'>,
  now: Date,
): MailAdditions {
  const checkIn = checkInOf(kind, facts, timeZone, links.checkInLinks);
  const release = releaseOf(kind, facts, links.releaseLinks, now);
  const noted = checkIn !== undefined && (kind === 'confirmation' || kind === 'reminder');
  const appendix = `${noted ? CHECK_IN_NOTES[facts.owner.locale] : ''}${release === undefined ? '' : RELEASE_NOTES[facts.owner.locale]}`;
  return {
    context: {
      ...(checkIn === undefined ? {} : { checkIn }),
      ...(release === undefined ? {} : { release }),
    },
    ...(appendix === '' ? {} : { appendix }),
  };
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
  const { context, appendix } = mailAdditions(kind, facts, settings.timeZone, environment, request.now);
  return mailReservation(environment.mail, settings, facts, {
    kind: KINDS[kind],
    locale,
    recipient: { name: facts.owner.name, email: facts.owner.email },
    configuredBody: configuredBodyOf(KINDS[kind], facts, settings)[locale],
    withFloorPlan: kind === 'confirmation',
    context: {
      // A no-show is about its own day, not the series' days released with the same status.
      ...(kind === 'no-show' ? { reservation: viewOf({ ...facts, seriesDays: [] }, locale) } : {}),
      ...context,
    },
    ...(appendix === undefined ? {} : { appendix }),
    now: request.now,
    job: request.job,
    // The owner's calendar holds what a confirmation or a modification invited it to.
    ...(KINDS[kind].event === 'REQUEST' ? { record: db } : {}),
    // A series is confirmed once, naming its days: its invitation carries each of them, as the feed does.
    ...(kind === 'confirmation' && facts.seriesDays.length > 1
      ? { events: await loadSeriesEvents(db, environment.reservationRows, facts.row.id) }
      : {}),
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

const NONE: TemplateTexts = { 'hu-HU': null, 'en-US': null };

/**
 * The administrators' template the kind names as its body, in each language: the garage's or the
 * configuration's, if any.
 */
function configuredBodyOf(
  kind: MailKind,
  facts: ReservationMailFacts,
  settings: ConfiguredMail,
): TemplateTexts {
  switch (kind.templateField) {
    case undefined:
      return NONE;
    case 'emailTemplateOfTheGarage':
      return facts.garageTemplates;
    default:
      return settings.templates[kind.templateField];
  }
}
