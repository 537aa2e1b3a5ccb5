import type { Kysely } from 'kysely';
import type { ActorScope } from '../../engine/access.ts';
import type { DB } from '../../platform/db/schema.ts';
import { ConflictError } from '../../platform/errors.ts';
import { assertNoViolation, type Violation } from '../../platform/violation.ts';
import { lockReservation } from './repository.ts';
import type { RuleActor, StoredReservation } from './rules/index.ts';

/**
 * A deletion or cancellation of one stored reservation, asked by the actor at `now`, of the version the caller's
 * signed identifier names (null when it names none).
 */
export type OwnerAction = { reservationId: string; scope: ActorScope; now: Date; version: number | null };

/**
 * Locks the stored reservation the caller acts on. A caller who was shown an older version (someone changed its
 * times, or cancelled it, since) is refused with 409 VERSION_CONFLICT, as every write of a known version is,
 * instead of acting on what they never saw.
 */
export async function lockAsSeen(
  db: Kysely<DB>,
  reservationId: string,
  version: number | null,
): Promise<StoredReservation & { version: number }> {
  const stored = await lockReservation(db, reservationId);
  if (version !== null && version !== stored.version) {
    throw new ConflictError('VERSION_CONFLICT', { stored: stored.version, sent: version });
  }
  return stored;
}

/**
 * Locks the stored reservation (lockAsSeen) and refuses the action when `check` (the owner or an administrator,
 * in a state that allows it) finds a violation; the locked row otherwise.
 */
export async function lockForOwnerAction(
  db: Kysely<DB>,
  request: OwnerAction,
  check: (stored: StoredReservation, actor: RuleActor, now: Date) => Violation[],
): Promise<StoredReservation> {
  const stored = await lockAsSeen(db, request.reservationId, request.version);
  assertNoViolation(
    check(
      stored,
      { userId: request.scope.userId, isAdministrator: request.scope.isAdministrator },
      request.now,
    ),
  );
  return stored;
}
