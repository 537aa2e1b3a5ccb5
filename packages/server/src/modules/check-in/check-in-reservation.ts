import type { BusinessErrorCode } from '@parkhere/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import type { Violation } from '../../platform/violation.ts';
import { lockForCheckIn, storeCheckIn } from '../reservations/index.ts';
import { checkCheckIn } from './check-in-rules.ts';

/** What a check-in came to: done now, done before (nothing changes), refused by a rule, or no such reservation. */
export type CheckInOutcome =
  | { kind: 'checked-in' }
  | { kind: 'already-checked-in' }
  | { kind: 'refused'; violations: Violation[]; code: BusinessErrorCode | undefined }
  | { kind: 'stale'; stored: number }
  | { kind: 'not-found' };

/**
 * Checks a reservation in at `now` under the garage's window (check-in-rules.ts), in the caller's transaction:
 * the row stays locked until it commits, so the no-show release either sees the check-in or released first.
 * Who may is the caller's question: the operation lets the engine find the reservation among those the actor
 * sees, the mail link carries its own signature.
 */
export async function checkInReservation(
  db: Kysely<DB>,
  request: { reservationId: string; now: Date; by: string; version?: number | null },
): Promise<CheckInOutcome> {
  const locked = await lockForCheckIn(db, request.reservationId);
  if (locked === undefined) {
    return { kind: 'not-found' };
  }
  // A caller who saw an older version (its times changed, or it was deleted and restored since) checks in
  // what they were shown, as every other write of a known version refuses to; the mail link names none.
  if (request.version !== undefined && request.version !== null && request.version !== locked.version) {
    return { kind: 'stale', stored: locked.version };
  }
  const violations = checkCheckIn(locked.reservation, locked.settings, request.now);
  if (violations.length > 0) {
    const [first] = violations;
    return { kind: 'refused', violations, code: first?.kind === 'business' ? first.code : undefined };
  }
  if (locked.reservation.checkedInAt !== null) {
    return { kind: 'already-checked-in' };
  }
  await storeCheckIn(db, request);
  return { kind: 'checked-in' };
}
