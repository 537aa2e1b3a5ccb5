-- [Fair share 1] The waitlist's promotion: whatever frees a slot queues a 'waitlist.promote' job for each date
-- that has WAITING entries the slot could serve, in the transaction that frees it. Triggers, because they are
-- the one place that sees every path (delete, cancel, no-show release, a holiday's deletions, a modification,
-- an administrator's slot or garage change, new garage access, a user's rights) and any path added later.
-- Statement-level with transition tables: one job per affected date and statement, and none when nobody waits,
-- so every write that frees nothing for a waiting entry costs one indexed lookup and queues nothing.
-- run_at is the epoch, not now(): the worker compares run_at with the app's clock, which tests and e2e pin
-- (TEST_CLOCK) apart from the database's; a job due at the epoch is due at once by any clock.

CREATE FUNCTION waitlist_queue_promotions(dates date[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO jobs (kind, payload, run_at)
  SELECT 'waitlist.promote', jsonb_build_object('date', to_char(d.date, 'YYYY-MM-DD')),
    timestamptz '1970-01-01 00:00:00+00'
  FROM (SELECT DISTINCT unnest(dates) AS date) d
  WHERE d.date IS NOT NULL
$$;

-- A reservation that leaves ACTIVE (deleted, cancelled, released as a no-show, expired) or whose time or
-- slot changes frees its old interval on its slot; one that leaves ACTIVE also frees its owner's quota, so
-- the owner's own entries of any date may be served now.
CREATE FUNCTION waitlist_after_reservations_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each freed row probes the entries once (EXISTS, on the WAITING index) instead of joining them all: a
  -- minute releasing thousands of no-shows with a thousand entries waiting would otherwise build millions
  -- of pairs only to keep their few dates.
  PERFORM waitlist_queue_promotions(ARRAY(
    WITH freed AS (
      SELECT o.date, o.during, o.owner_id, n.reservation_status <> 'ACTIVE' AS left_active
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.reservation_status = 'ACTIVE'
        AND (n.reservation_status <> 'ACTIVE' OR n.during <> o.during OR n.parking_slot_id <> o.parking_slot_id))
    SELECT f.date FROM freed f
    WHERE EXISTS (SELECT 1 FROM waitlist_entries w
      WHERE w.date = f.date AND w.waitlist_status = 'WAITING' AND w.during && f.during)
    UNION
    SELECT w.date FROM waitlist_entries w
    WHERE w.waitlist_status = 'WAITING'
      AND w.user_id IN (SELECT f.owner_id FROM freed f WHERE f.left_active)));
  RETURN NULL;
END
$$;

CREATE TRIGGER reservations_waitlist_promotion AFTER UPDATE ON reservations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION waitlist_after_reservations_update();

-- Rows removed outright (a user deleted with their reservations) free their slots too.
CREATE FUNCTION waitlist_after_reservations_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM waitlist_queue_promotions(ARRAY(
    SELECT DISTINCT o.date FROM old_rows o
    WHERE o.reservation_status = 'ACTIVE' AND EXISTS (SELECT 1 FROM waitlist_entries w
      WHERE w.date = o.date AND w.waitlist_status = 'WAITING' AND w.during && o.during)));
  RETURN NULL;
END
$$;

CREATE TRIGGER reservations_waitlist_promotion_delete AFTER DELETE ON reservations
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION waitlist_after_reservations_delete();

-- A slot activated or made non-exclusive: every date whose entries may use its garage.
CREATE FUNCTION waitlist_after_slots_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM waitlist_queue_promotions(ARRAY(
    SELECT DISTINCT w.date FROM old_rows o JOIN new_rows n ON n.id = o.id
      JOIN waitlist_entries w ON w.waitlist_status = 'WAITING'
        AND (w.parking_garage_id IS NULL OR w.parking_garage_id = n.parking_garage_id)
    WHERE n.is_active AND NOT n.is_exclusive AND (NOT o.is_active OR o.is_exclusive)));
  RETURN NULL;
END
$$;

CREATE TRIGGER parking_slots_waitlist_promotion AFTER UPDATE ON parking_slots
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION waitlist_after_slots_update();

-- A new active slot.
CREATE FUNCTION waitlist_after_slots_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM waitlist_queue_promotions(ARRAY(
    SELECT DISTINCT w.date FROM new_rows n
      JOIN waitlist_entries w ON w.waitlist_status = 'WAITING'
        AND (w.parking_garage_id IS NULL OR w.parking_garage_id = n.parking_garage_id)
    WHERE n.is_active AND NOT n.is_exclusive));
  RETURN NULL;
END
$$;

CREATE TRIGGER parking_slots_waitlist_promotion_insert AFTER INSERT ON parking_slots
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION waitlist_after_slots_insert();

-- A garage activated again.
CREATE FUNCTION waitlist_after_garages_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM waitlist_queue_promotions(ARRAY(
    SELECT DISTINCT w.date FROM old_rows o JOIN new_rows n ON n.id = o.id
      JOIN waitlist_entries w ON w.waitlist_status = 'WAITING'
        AND (w.parking_garage_id IS NULL OR w.parking_garage_id = n.id)
    WHERE n.is_active AND NOT o.is_active));
  RETURN NULL;
END
$$;

CREATE TRIGGER parking_garages_waitlist_promotion AFTER UPDATE ON parking_garages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION waitlist_after_garages_update();

-- A user who gains access to a garage may be served there.
CREATE FUNCTION waitlist_after_access_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM waitlist_queue_promotions(ARRAY(
    SELECT DISTINCT w.date FROM new_rows n
      JOIN waitlist_entries w ON w.waitlist_status = 'WAITING' AND w.user_id = n.user_id
        AND (w.parking_garage_id IS NULL OR w.parking_garage_id = n.parking_garage_id)));
  RETURN NULL;
END
$$;

CREATE TRIGGER user_accessed_garages_waitlist_promotion AFTER INSERT ON user_accessed_garages
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION waitlist_after_access_insert();

-- A user's rights or quotas changed (a flag granted, a quota raised, the user activated): their entries may
-- be served now.
CREATE FUNCTION waitlist_after_users_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM waitlist_queue_promotions(ARRAY(
    SELECT DISTINCT w.date FROM old_rows o JOIN new_rows n ON n.id = o.id
      JOIN waitlist_entries w ON w.user_id = n.id AND w.waitlist_status = 'WAITING'
    WHERE (n.is_active, n.is_normal_reservation, n.is_quick_reservation, n.is_guest_reservation,
        n.max_normal_reservation, n.max_guest_reservation)
      IS DISTINCT FROM (o.is_active, o.is_normal_reservation, o.is_quick_reservation, o.is_guest_reservation,
        o.max_normal_reservation, o.max_guest_reservation)));
  RETURN NULL;
END
$$;

CREATE TRIGGER users_waitlist_promotion AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION waitlist_after_users_update();
