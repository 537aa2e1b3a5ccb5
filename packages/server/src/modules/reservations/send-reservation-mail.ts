import type { Executor } from '../../platform/jobs/jobs-table.ts';
import {
  deliverMail,
  FLOOR_PLAN_CID,
  floorPlanAttachment,
  type MailEnvironment,
} from '../../platform/mail/deliver-mail.ts';
import { loadMailSettings } from '../../platform/mail/mail-data.ts';
import { loadReservationFacts, type ReservationMailFacts, viewOf } from './mail-data.ts';

/** Why a mail was not sent: the job is done either way, nothing is retried. */
export type MailOutcome = { sent: true; file?: string } | { sent: false; skipped: string };

export type OwnerMailKind = 'confirmation' | 'modification' | 'deletion' | 'reminder';

/**
 * The mails to a reservation's owner. Each reads the reservation as it is now and skips when that no longer
 * fits (deleted before its confirmation went out, moved since its reminder was scheduled, …).
 */
export async function sendReservationMail(
  environment: MailEnvironment,
  db: Executor,
  kind: OwnerMailKind,
  request: { reservationId: string; now: Date; startsAt?: string },
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
  const sent = await deliverMail(environment, settings, {
    kind,
    locale: facts.owner.locale,
    to: [facts.owner.email],
    configuredBody: configuredBodyOf(kind, facts, settings),
    context: {
      recipient: { name: facts.owner.name, email: facts.owner.email },
      reservation: viewOf(facts, facts.owner.locale),
      ...(withFloorPlan ? { floorPlanCid: FLOOR_PLAN_CID } : {}),
    },
    attachments: withFloorPlan ? floorPlanAttachment(facts, environment.dataDir) : [],
  });
  return { sent: true, ...(sent.file === undefined ? {} : { file: sent.file }) };
}

function reasonToSkip(
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
  settings: Awaited<ReturnType<typeof loadMailSettings>>,
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
  }
}
