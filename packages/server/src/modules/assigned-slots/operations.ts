import type { AssignedSlotRelease } from '@parkhere/contract';
import { type OperationCall, type Operations, relationId } from '../../engine/registry.ts';
import type { BookedByAnother } from './repository.ts';
import { assignedSlotDays, type ReleaseCall, releaseAssignedSlot, takeBackAssignedSlot } from './schedule.ts';

const releaseOf = (
  call: OperationCall<AssignedSlotRelease>,
  bookedByAnother: BookedByAnother,
): ReleaseCall => ({
  db: call.db,
  bookedByAnother,
  scope: call.scope,
  input: call.input,
  slotId: relationId(call, 'parkingSlot'),
  now: call.now,
});

/** The owner's operations, told by reservations which days a colleague has booked (repository.ts). */
export const assignedSlotOperationsOf = (bookedByAnother: BookedByAnother) =>
  ({
    // Reads only.
    'UserReservationPanel.assignedSlotDays': {
      handle: (call) => assignedSlotDays(call.db, bookedByAnother, call.scope, call.now),
      leavesActorsAndSettings: true,
    },
    'UserReservationPanel.releaseAssignedSlot': {
      handle: (call: OperationCall<AssignedSlotRelease>) =>
        releaseAssignedSlot(releaseOf(call, bookedByAnother)),
      leavesActorsAndSettings: true,
    },
    'UserReservationPanel.takeBackAssignedSlot': {
      handle: (call: OperationCall<AssignedSlotRelease>) =>
        takeBackAssignedSlot(releaseOf(call, bookedByAnother)),
      leavesActorsAndSettings: true,
    },
  }) satisfies Partial<Operations>;
