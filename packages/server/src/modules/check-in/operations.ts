import { type Operations, ownerOf } from '../../engine/registry.ts';
import { ConflictError, EntityNotFoundError } from '../../platform/errors.ts';
import { assertNoViolation } from '../../platform/violation.ts';
import { checkInReservation } from './check-in-reservation.ts';

export const checkInOperations = {
  // The owner, an administrator or a doorman of the garage on its day: whoever sees the reservation (its
  // source's scope; anybody else gets 404 from the engine). A repeated check-in answers 200 and changes nothing.
  'UserReservation.checkIn': {
    handle: async (call) => {
      const reservationId = ownerOf(call);
      const outcome = await checkInReservation(call.db, {
        reservationId,
        now: call.now,
        by: call.scope.email,
        version: call.ownerVersion,
      });
      if (outcome.kind === 'not-found') {
        throw new EntityNotFoundError();
      }
      if (outcome.kind === 'stale') {
        throw new ConflictError('VERSION_CONFLICT', { stored: outcome.stored, sent: call.ownerVersion });
      }
      if (outcome.kind === 'refused') {
        assertNoViolation(outcome.violations);
      }
      return { id: reservationId };
    },
    leavesActorsAndSettings: true,
  },
} satisfies Partial<Operations>;
