-- [Fair share 1] The free-slot test of the waitlist's promotion (reservations' freeSlotIds: the first slots by id
-- with no ACTIVE reservation overlapping the entry's time) merges the slots in id order with the ACTIVE
-- reservations in slot order. Without this index it read every reservation of those slots, the released no-shows
-- too (bench:no-show: 5,000 NO_SHOW rows filtered out again for each of 1,000 promoted entries); with it, only
-- the ACTIVE ones.
CREATE INDEX reservations_active_slot ON reservations (parking_slot_id) WHERE reservation_status = 'ACTIVE';
