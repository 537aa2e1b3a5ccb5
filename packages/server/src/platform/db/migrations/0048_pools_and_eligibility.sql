-- [Pools] Pools and eligibility (issue 29, items 2 and 5). A slot may be reserved for a group (its pool):
-- members book it at any time, others only from the group's release moment for the day (pool_release_time,
-- pool_release_working_days_before working days before it); a group that goes leaves its slots normal ones.
-- An accessible slot is offered only to holders of an accessibility permit until
-- configuration.accessible_slot_release_minutes before its start (then to everybody); a slot with a charger only
-- to a reservation whose car is electric. The rules live in modules/reservations/rules (pool-release.ts,
-- slot-eligibility.ts), each with its SQL twin.
ALTER TABLE parking_slots
  ADD COLUMN reserved_for_group_id bigint REFERENCES groups (id) ON DELETE SET NULL,
  ADD COLUMN is_accessible boolean NOT NULL DEFAULT false,
  ADD COLUMN has_charger boolean NOT NULL DEFAULT false;
-- A group's deletion finds its slots, and the audit of a group lists them, by the group.
CREATE INDEX parking_slots_reserved_for_group ON parking_slots (reserved_for_group_id)
  WHERE reserved_for_group_id IS NOT NULL;

-- Administrators grant it; only they and the user see it.
ALTER TABLE users ADD COLUMN has_accessibility_permit boolean NOT NULL DEFAULT false;

ALTER TABLE cars ADD COLUMN is_electric boolean NOT NULL DEFAULT false;

ALTER TABLE configuration ADD COLUMN accessible_slot_release_minutes integer NOT NULL DEFAULT 30
  CONSTRAINT configuration_accessible_slot_release_minutes_check
    CHECK (accessible_slot_release_minutes BETWEEN 0 AND 1440);
