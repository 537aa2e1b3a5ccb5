import type { ReservationInput } from '@parkhere/contract';
import { type OperationCall, type Operations, ownerAction, relationId } from '../../engine/registry.ts';
import { BusinessError } from '../../platform/errors.ts';
import { joinWaitlist } from './join-waitlist.ts';
import { leaveWaitlist } from './leave-waitlist.ts';

/** SLOT_AVAILABLE names the free slot as an entity the form can pick, as a create's lost race does. */
const withFreeSlot = async <T>(call: OperationCall<unknown>, work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    const nextId = error instanceof BusinessError ? error.details?.nextFreeSlotId : undefined;
    if (!(error instanceof BusinessError) || typeof nextId !== 'string') {
      throw error;
    }
    throw new BusinessError(error.errorCode, error.message, {
      nextFreeSlot: await call.instance('ParkingSlot', nextId),
    });
  }
};

export const waitlistOperations = {
  'UserReservationPanel.joinWaitlist': {
    handle: (call: OperationCall<ReservationInput>) =>
      withFreeSlot(call, () =>
        joinWaitlist(call.db, {
          scope: call.scope,
          input: call.input,
          userId: relationId(call, 'user'),
          carId: relationId(call, 'car'),
          garageId: relationId(call, 'parkingGarage'),
          now: call.now,
        }),
      ),
    leavesActorsAndSettings: true,
  },
  'WaitlistEntry.leaveWaitlist': ownerAction(
    (call, entryId) => leaveWaitlist(call.db, { entryId, scope: call.scope, now: call.now }),
    { leavesActorsAndSettings: true },
  ),
} satisfies Partial<Operations>;
