-- [Pools] part 4: assigned slots (modules/assigned-slots). A slot may be assigned to one user, its owner, who
-- needs no booking for it. Anybody else is offered it only on a day its owner is on holiday or has given back
-- (assigned-slots/rules/assigned-slot.ts: `isAssignedSlotOffered` and its SQL twin).
ALTER TABLE parking_slots ADD COLUMN assigned_to_id bigint REFERENCES users (id) ON DELETE SET NULL;
CREATE INDEX parking_slots_assigned_to ON parking_slots (assigned_to_id) WHERE assigned_to_id IS NOT NULL;

-- The days an owner gave their slot back ("Not coming", UserReservationPanel.releaseAssignedSlot). A row
-- counts only while its owner_id is the slot's owner: a slot assigned to somebody else is not given back by
-- its former owner's days.
CREATE TABLE assigned_slot_releases (
  parking_slot_id bigint NOT NULL REFERENCES parking_slots (id) ON DELETE CASCADE,
  date date NOT NULL,
  owner_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (parking_slot_id, date)
);
CREATE INDEX assigned_slot_releases_owner ON assigned_slot_releases (owner_id, date);

-- The last word on every path that books (the create, a LONG series, the waitlist's promotion, the draw, a
-- modification moving a booking): an ACTIVE reservation of somebody else on an assigned slot needs its day
-- given back or its owner on holiday. The given-back day's row is locked (KEY SHARE) until the booking's
-- transaction ends, so the owner's taking the day back (which locks the row FOR UPDATE, then looks for
-- bookings) waits for it and then sees the booking; a taking back that came first leaves no row to lock, and
-- the booking is refused. The refusal names the constraint `reservations_assigned_slot` (409
-- ASSIGNED_SLOT_TAKEN, modules/reservations/constraints.ts).
CREATE FUNCTION reservations_assigned_slot_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  assignee bigint;
BEGIN
  IF NEW.reservation_status <> 'ACTIVE' THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.reservation_status = 'ACTIVE' AND OLD.parking_slot_id = NEW.parking_slot_id
      AND OLD.date = NEW.date AND OLD.owner_id = NEW.owner_id THEN
    RETURN NEW;
  END IF;
  -- A deactivated owner (a leaver) comes no more: their slot is offered to everybody.
  SELECT s.assigned_to_id INTO assignee FROM parking_slots s JOIN users u ON u.id = s.assigned_to_id
    WHERE s.id = NEW.parking_slot_id AND u.is_active;
  IF assignee IS NULL OR assignee = NEW.owner_id THEN
    RETURN NEW;
  END IF;
  PERFORM 1 FROM assigned_slot_releases g
    WHERE g.parking_slot_id = NEW.parking_slot_id AND g.date = NEW.date AND g.owner_id = assignee
    FOR KEY SHARE;
  IF FOUND THEN
    RETURN NEW;
  END IF;
  PERFORM 1 FROM holidays h WHERE h.user_id = assignee AND NEW.date BETWEEN h.start_date AND h.end_date;
  IF FOUND THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'slot % is assigned to another user on %', NEW.parking_slot_id, NEW.date
    USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'reservations_assigned_slot';
END
$$;

CREATE TRIGGER reservations_assigned_slot BEFORE INSERT OR UPDATE ON reservations
  FOR EACH ROW EXECUTE FUNCTION reservations_assigned_slot_guard();

-- A day given back may serve whoever waits for it (the waitlist's promotion, migration 0009).
CREATE FUNCTION waitlist_after_assigned_slot_release() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM waitlist_queue_promotions(ARRAY(
    SELECT DISTINCT n.date FROM new_rows n
    WHERE EXISTS (SELECT 1 FROM waitlist_entries w WHERE w.date = n.date AND w.waitlist_status = 'WAITING')));
  RETURN NULL;
END
$$;

CREATE TRIGGER assigned_slot_releases_waitlist_promotion AFTER INSERT ON assigned_slot_releases
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION waitlist_after_assigned_slot_release();

-- An owner's holiday offers their slot on its days: whoever waits then may be served.
CREATE FUNCTION waitlist_after_owner_holiday() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM waitlist_queue_promotions(ARRAY(
    SELECT DISTINCT w.date FROM new_rows n
      JOIN waitlist_entries w ON w.waitlist_status = 'WAITING' AND w.date BETWEEN n.start_date AND n.end_date
    WHERE EXISTS (SELECT 1 FROM parking_slots s WHERE s.assigned_to_id = n.user_id)));
  RETURN NULL;
END
$$;

CREATE TRIGGER holidays_assigned_slot_waitlist_promotion AFTER INSERT ON holidays
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION waitlist_after_owner_holiday();

CREATE TRIGGER holidays_assigned_slot_waitlist_promotion_update AFTER UPDATE ON holidays
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION waitlist_after_owner_holiday();

-- A slot no longer assigned (or assigned to somebody else, whose days differ) may serve its garage's waits.
CREATE FUNCTION waitlist_after_slot_assignment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM waitlist_queue_promotions(ARRAY(
    SELECT DISTINCT w.date FROM old_rows o JOIN new_rows n ON n.id = o.id
      JOIN waitlist_entries w ON w.waitlist_status = 'WAITING'
        AND (w.parking_garage_id IS NULL OR w.parking_garage_id = n.parking_garage_id)
    WHERE o.assigned_to_id IS NOT NULL AND n.assigned_to_id IS DISTINCT FROM o.assigned_to_id
      AND n.is_active AND NOT n.is_exclusive));
  RETURN NULL;
END
$$;

CREATE TRIGGER parking_slots_assignment_waitlist_promotion AFTER UPDATE ON parking_slots
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION waitlist_after_slot_assignment();
