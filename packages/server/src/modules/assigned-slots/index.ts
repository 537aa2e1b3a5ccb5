import type { Sources } from '../../engine/registry.ts';
import { assignedSlotDaySource, assignedSlotReleaseSource, assignedSlotScheduleSource } from './source.ts';

export { assignedSlotEvents } from './calendar-events.ts';
export { ownerExpectedTodaySql } from './expected-today.ts';
export { assignedSlotOperations as operations } from './operations.ts';
/*
 * [Pools] Assigned slots: a slot assigned to one user (ParkingSlotSettings.assignedTo) is theirs without a
 * booking and offered to others only on the days they are away (rules/assigned-slot.ts). Reservations read
 * the rule's SQL twin in every slot search and its TypeScript form in a create's rules.
 */
export {
  type AssignedSlot,
  assignedSlotJsonSql,
  assignedSlotOfferedSql,
  checkAssignedSlotOffered,
  isAssignedSlotOffered,
} from './rules/assigned-slot.ts';

export const sources = {
  AssignedSlotRelease: assignedSlotReleaseSource,
  AssignedSlotDay: assignedSlotDaySource,
  AssignedSlotSchedule: assignedSlotScheduleSource,
} satisfies Partial<Sources>;
