import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import type { MailLimits } from '../../platform/mail/mail-limits.ts';
import { deleteReservation } from './delete-reservation.ts';
import { lockReservation } from './repository.ts';
import { isDeletable } from './rules/index.ts';

/**
 * What giving a reservation back came to: deleted now, deleted before (by this link or any other way: nothing
 * changes), or too late (it has started, ended, or was released), so nothing changes either.
 */
export type GiveBackOutcome = 'given-back' | 'already-given-back' | 'started';

/**
 * A reservation given back by its owner without signing in (the mails' release link, whose token is the
 * credential): exactly what the owner's own UserReservation.deleteReservation does to a future reservation
 * (status DELETED, the reminder dropped, the deletion mails, the guest's on the owner's budget; the slot goes to
 * the waitlist by the status change's trigger). The row is locked first, so of two racing calls one deletes and
 * the other, waiting for the lock, finds it DELETED. The owner is whoever the reservation names, `by` their address.
 */
export async function giveBackReservation(
  db: Kysely<DB>,
  request: { reservationId: string; by: string; now: Date; mailLimits: MailLimits },
): Promise<GiveBackOutcome> {
  const stored = await lockReservation(db, request.reservationId);
  if (stored.status === 'DELETED') {
    return 'already-given-back';
  }
  if (!isDeletable(stored, request.now)) {
    return 'started';
  }
  const scope = { userId: stored.ownerId, email: request.by, isAdministrator: false, isDoorman: false };
  await deleteReservation(db, {
    reservationId: request.reservationId,
    scope,
    now: request.now,
    version: null,
    budget: { limits: request.mailLimits, userId: stored.ownerId },
  });
  return 'given-back';
}
