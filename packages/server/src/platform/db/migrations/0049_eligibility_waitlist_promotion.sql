-- [Pools] Who may take which slot changes what a waiting entry may be served (migration 0009's promotion):
-- a slot's pool, accessible or charger flag changed may open it to entries of its garage; a permit granted
-- opens accessible slots to the user's entries; a car made electric opens charging slots to its entries. (A
-- membership that comes or goes is 0044's.) A release that comes with the time (a pool's release moment, the
-- minutes before an accessible slot's start) queues nothing: as with the noon rule, such an entry is served
-- by the next slot that frees.
CREATE FUNCTION waitlist_after_slot_eligibility_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM waitlist_queue_promotions(ARRAY(
    SELECT DISTINCT w.date FROM old_rows o JOIN new_rows n ON n.id = o.id
      JOIN waitlist_entries w ON w.waitlist_status = 'WAITING'
        AND (w.parking_garage_id IS NULL OR w.parking_garage_id = n.parking_garage_id)
    WHERE n.is_active AND NOT n.is_exclusive
      AND (n.reserved_for_group_id, n.is_accessible, n.has_charger)
        IS DISTINCT FROM (o.reserved_for_group_id, o.is_accessible, o.has_charger)));
  RETURN NULL;
END
$$;

CREATE TRIGGER parking_slots_eligibility_waitlist_promotion AFTER UPDATE ON parking_slots
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION waitlist_after_slot_eligibility_update();

CREATE FUNCTION waitlist_after_permit_granted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM waitlist_queue_promotions(ARRAY(
    SELECT DISTINCT w.date FROM old_rows o JOIN new_rows n ON n.id = o.id
      JOIN waitlist_entries w ON w.user_id = n.id AND w.waitlist_status = 'WAITING'
    WHERE n.has_accessibility_permit AND NOT o.has_accessibility_permit));
  RETURN NULL;
END
$$;

CREATE TRIGGER users_permit_waitlist_promotion AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION waitlist_after_permit_granted();

CREATE FUNCTION waitlist_after_car_electric() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM waitlist_queue_promotions(ARRAY(
    SELECT DISTINCT w.date FROM old_rows o JOIN new_rows n ON n.id = o.id
      JOIN waitlist_entries w ON w.user_id = n.user_id AND w.car_id = n.id AND w.waitlist_status = 'WAITING'
    WHERE n.is_electric AND NOT o.is_electric));
  RETURN NULL;
END
$$;

CREATE TRIGGER cars_electric_waitlist_promotion AFTER UPDATE ON cars
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION waitlist_after_car_electric();
