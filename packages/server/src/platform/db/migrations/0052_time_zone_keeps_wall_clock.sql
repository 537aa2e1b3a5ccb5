-- Issue 31 §3: a change of the configured time zone keeps the wall clock of the reservations still to come.
-- Their dates and times are wall-clock values in the configured zone (DESIGN §4) and `during` holds the instants
-- they stand for, computed when they were made: so in the same statement as the change, every ACTIVE reservation
-- not yet begun gets the instants of its date and times in the new zone (09:00 stays 09:00 there), and its
-- version rises, so its calendar event's SEQUENCE does and calendar clients take the new instants. One already
-- under way keeps the instants it was held for. What the administrator is told before saving counts the same
-- rows (ReservationsPanel.upcomingReservationCount). Not a backfill: a trigger, its UPDATE runs when the zone
-- changes.
CREATE FUNCTION reservations_keep_wall_clock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE reservations r
    SET during = wall_clock_range(r.date, r.start_time, r.end_time, n.time_zone), version = r.version + 1
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  WHERE o.time_zone IS DISTINCT FROM n.time_zone
    AND r.reservation_status = 'ACTIVE' AND lower(r.during) > now();
  RETURN NULL;
END
$$;

CREATE TRIGGER configuration_time_zone AFTER UPDATE ON configuration REFERENCING OLD TABLE AS old_rows
  NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reservations_keep_wall_clock();
