import { type RawBuilder, sql } from 'kysely';

/**
 * The active slot assigned to the user `userId` and whether they gave `day` (SQL of the caller's statement)
 * back, as one JSON value `{ slotName, givenBack }`; null when none is assigned to them: the availability's days.
 */
export const ownAssignedSlotOnSql = (userId: string, day: RawBuilder<unknown>): RawBuilder<unknown> =>
  sql`(SELECT json_build_object('slotName', s.aggregared_name, 'givenBack', EXISTS (SELECT 1
      FROM assigned_slot_releases g WHERE g.parking_slot_id = s.id AND g.owner_id = s.assigned_to_id
        AND g.date = ${day}))
    FROM parking_slots s WHERE s.assigned_to_id = ${userId}::bigint AND s.is_active ORDER BY s.id LIMIT 1)`;
