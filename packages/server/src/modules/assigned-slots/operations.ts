import type { AssignedSlotRelease } from '@parkhere/contract';
import { type OperationCall, type Operations, relationId } from '../../engine/registry.ts';
import { assignedSlotDays, type ReleaseCall, releaseAssignedSlot, takeBackAssignedSlot } from './schedule.ts';

const releaseOf = (call: OperationCall<AssignedSlotRelease>): ReleaseCall => ({
  db: call.db,
  scope: call.scope,
  input: call.input,
  slotId: relationId(call, 'parkingSlot'),
  now: call.now,
});

export const assignedSlotOperations = {
  // Reads only.
  'UserReservationPanel.assignedSlotDays': {
    handle: (call) => assignedSlotDays(call.db, call.scope, call.now),
    leavesActorsAndSettings: true,
  },
  'UserReservationPanel.releaseAssignedSlot': {
    handle: (call: OperationCall<AssignedSlotRelease>) => releaseAssignedSlot(releaseOf(call)),
    leavesActorsAndSettings: true,
  },
  'UserReservationPanel.takeBackAssignedSlot': {
    handle: (call: OperationCall<AssignedSlotRelease>) => takeBackAssignedSlot(releaseOf(call)),
    leavesActorsAndSettings: true,
  },
} satisfies Partial<Operations>;
