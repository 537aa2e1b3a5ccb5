import type { ReservationInput } from '@parkhere/contract';
import { type OperationCall, type Operations, ownerAction, relationId } from '../../engine/registry.ts';
import { withFreeSlotAnswered } from '../reservations/index.ts';
import { joinWaitlist } from './join-waitlist.ts';
import { leaveWaitlist } from './leave-waitlist.ts';

export const waitlistOperations = {
  'UserReservationPanel.joinWaitlist': {
    handle: (call: OperationCall<ReservationInput>) =>
      withFreeSlotAnswered(call, () =>
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
