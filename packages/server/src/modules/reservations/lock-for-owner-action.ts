import type { Kysely } from 'kysely';
import type { ActorScope } from '../../engine/access.ts';
import type { DB } from '../../platform/db/schema.ts';
import { assertNoViolation, type Violation } from '../../platform/violation.ts';
import { lockReservation } from './repository.ts';
import type { RuleActor, StoredReservation } from './rules/index.ts';

/** A deletion or cancellation of one stored reservation, asked by the actor at `now`. */
export type OwnerAction = { reservationId: string; scope: ActorScope; now: Date };

/**
 * Locks the stored reservation and refuses the action when `check` (the owner or an administrator, in a state
 * that allows it) finds a violation; the locked row otherwise.
 */
export async function lockForOwnerAction(
  db: Kysely<DB>,
  request: OwnerAction,
  check: (stored: StoredReservation, actor: RuleActor, now: Date) => Violation[],
): Promise<StoredReservation> {
  const stored = await lockReservation(db, request.reservationId);
  assertNoViolation(
    check(
      stored,
      { userId: request.scope.userId, isAdministrator: request.scope.isAdministrator },
      request.now,
    ),
  );
  return stored;
}
