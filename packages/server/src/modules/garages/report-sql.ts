import { type RawBuilder, sql } from 'kysely';

/**
 * Every slot with its garage, as a derived table for reports (issue 28): the slot's id, version and full name,
 * whether it is in use (the slot and its garage active), and its garage's id, name and own working hours (null
 * when the garage has none and the configured ones apply).
 */
export const slotsWithGarageSql: RawBuilder<unknown> = sql`(SELECT s.id AS slot_id, s.version AS slot_version,
    s.aggregared_name AS slot_name, s.is_active AND g.is_active AS active, g.id AS garage_id,
    g.name AS garage_name, g.working_hours_start, g.working_hours_end
  FROM parking_slots s JOIN parking_garages g ON g.id = s.parking_garage_id)`;
