import type { Executor } from '../../platform/db/executor.ts';
import {
  deliverMail,
  FLOOR_PLAN_CID,
  floorPlanAttachment,
  type MailEnvironment,
} from '../../platform/mail/deliver-mail.ts';
import type { GuestMailKind } from '../../platform/mail/mail-kinds.ts';
import { loadMailSettings } from '../configuration/index.ts';
import { loadReservationFacts, viewOf } from '../reservations/mail-data.ts';
import type { ReservationJobs } from './jobs.ts';
import { reservationEvent } from './reservation-event.ts';
import { type MailOutcome, reasonToSkip } from './send-reservation-mail.ts';

export type GuestMailAbout = ReservationJobs['mail.guest']['about'];

const KINDS: Record<GuestMailAbout, GuestMailKind> = {
  confirmation: 'guest-confirmation',
  modification: 'guest-modification',
  deletion: 'guest-deletion',
};

/**
 * The guest's own mail about a GUEST reservation: made, changed or deleted. It goes in the owner's language
 * (the guest has no account, so no preference of their own) and always in the built-in text: the
 * administrators' templates are written to employees. Skipped like the owner's mail of the same change when
 * the reservation no longer fits it, and when it has no guest address.
 */
export async function sendGuestMail(
  environment: MailEnvironment,
  db: Executor,
  about: GuestMailAbout,
  request: { reservationId: string; now: Date },
): Promise<MailOutcome> {
  const facts = await loadReservationFacts(db, request.reservationId);
  if (facts === null) {
    return { sent: false, skipped: 'the reservation no longer exists' };
  }
  const guestEmail = facts.row.guestEmail?.trim() ?? '';
  if (facts.row.type !== 'GUEST' || guestEmail === '') {
    return { sent: false, skipped: 'the reservation has no guest address' };
  }
  const skipped = reasonToSkip(about, facts, request);
  if (skipped !== null) {
    return { sent: false, skipped };
  }
  const settings = await loadMailSettings(db);
  const locale = facts.owner.locale;
  const withFloorPlan = about === 'confirmation' && facts.floorPlan !== null;
  const sent = await deliverMail(environment, settings, {
    kind: KINDS[about],
    locale,
    to: [guestEmail],
    configuredBody: null,
    context: {
      recipient: { name: facts.row.guestName ?? guestEmail, email: guestEmail },
      reservation: viewOf(facts, locale),
      ...(withFloorPlan ? { floorPlanCid: FLOOR_PLAN_CID } : {}),
    },
    attachments: withFloorPlan ? floorPlanAttachment(facts, environment.dataDir) : [],
    // The same event as the owner's invitation (UID and SEQUENCE), so the guest's calendar follows it too.
    event: reservationEvent(facts, {
      locale,
      timeZone: settings.timeZone,
      publicUrl: environment.publicUrl,
      stamp: request.now,
    }),
  });
  return { sent: true, ...(sent.file === undefined ? {} : { file: sent.file }) };
}
