import { sql } from 'kysely';
import type { Sources } from '../../engine/registry.ts';
import { listPart } from '../../platform/personal-data.ts';
import { assignedSlotDaySource, assignedSlotReleaseSource, assignedSlotScheduleSource } from './source.ts';

export { assignedSlotEvents } from './calendar-events.ts';
export { ownerExpectedOnSql, ownerExpectedTodaySql } from './expected-today.ts';
export { assignedSlotOperationsOf as operationsOf } from './operations.ts';
export { ownAssignedSlotOnSql } from './own-slot-sql.ts';
export type { BookedByAnother } from './repository.ts';
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
  ownerDaysSql,
} from './rules/assigned-slot.ts';

export const sources = {
  AssignedSlotRelease: assignedSlotReleaseSource,
  AssignedSlotDay: assignedSlotDaySource,
  AssignedSlotSchedule: assignedSlotScheduleSource,
} satisfies Partial<Sources>;

/** The days the user gave a slot of theirs back ("Not coming"), every column, for their own copy of their data. */
export const personalData = listPart(
  'assignedSlotReleases',
  (
    userId,
  ) => sql`SELECT g.parking_slot_id, s.aggregared_name AS parking_slot_name, g.date, g.owner_id, g.created_at
    FROM assigned_slot_releases g JOIN parking_slots s ON s.id = g.parking_slot_id
    WHERE g.owner_id = ${userId}::bigint ORDER BY g.date, g.parking_slot_id`,
);
