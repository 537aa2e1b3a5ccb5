-- Issue 31: a change of the configured time zone moves what is still to come to the instants of its wall-clock
-- times in the new zone (DESIGN §4), in the configuration's own statement, and all of it now:
--   * the reservations (0052's trigger): their move no longer trips over itself. 0052 moved every row in one
--     UPDATE, which PostgreSQL checks row by row against the exclusion constraints: of two back-to-back
--     reservations of one slot (09:00–12:00, 12:00–17:00), a move an hour later that took the morning first found
--     it over the afternoon's old instants (23P01), and the zone could not be changed;
--   * their pending reminders (`mail.reminder`, queued at the old start less reminder_before_reservation and named
--     by the old start): one ran at the old instant, was skipped there as "moved", and no reminder went at all;
--   * the WAITING waitlist places and the PENDING draw requests, which hold instants of their own (`during`): a
--     wait expired and was served by the old instants, and a request the draw wins becomes a reservation of them.
-- The check-in window, the no-show release and the push of an open window read the reservation's instants when
-- they run (each minute), and the calendar feed its instants and version when read: they follow by themselves.

-- Rows whose new instants meet no other moving row's present ones (nearly all) move in one statement; the few
-- that do, one by one in the direction of the move (the later first when they move later), so each lands where
-- nothing is left. Rows of one day move by one offset, so that order never meets a row still to move.
CREATE OR REPLACE FUNCTION reservations_keep_wall_clock() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zone text;
  one record;
BEGIN
  SELECT n.time_zone INTO zone FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.time_zone IS DISTINCT FROM n.time_zone;
  IF zone IS NULL THEN
    RETURN NULL;
  END IF;
  UPDATE reservations r SET during = m.target, version = r.version + 1
  FROM (SELECT a.id, wall_clock_range(a.date, a.start_time, a.end_time, zone) AS target FROM reservations a
      WHERE a.reservation_status = 'ACTIVE' AND lower(a.during) > now()) m
  WHERE r.id = m.id
    AND NOT EXISTS (SELECT 1 FROM reservations o WHERE o.parking_slot_id = r.parking_slot_id
      AND o.reservation_status = 'ACTIVE' AND o.during && m.target AND o.id <> r.id AND lower(o.during) > now())
    AND NOT EXISTS (SELECT 1 FROM reservations o WHERE o.owner_id = r.owner_id
      AND o.reservation_status = 'ACTIVE' AND o.during && m.target AND o.id <> r.id AND lower(o.during) > now());
  FOR one IN
    SELECT m.id, m.target FROM (SELECT a.id, a.during,
        wall_clock_range(a.date, a.start_time, a.end_time, zone) AS target FROM reservations a
        WHERE a.reservation_status = 'ACTIVE' AND lower(a.during) > now()) m
    WHERE m.during <> m.target
    ORDER BY CASE WHEN lower(m.target) > lower(m.during) THEN -1 ELSE 1 END * extract(epoch FROM lower(m.during))
  LOOP
    UPDATE reservations SET during = one.target, version = version + 1 WHERE id = one.id;
  END LOOP;
  RETURN NULL;
END
$$;

-- The rest, after 0052's trigger (triggers of one event fire in the order of their names): the reservations have
-- their new instants here.
CREATE FUNCTION schedules_keep_wall_clock() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zone text;
  one record;
BEGIN
  SELECT n.time_zone INTO zone FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.time_zone IS DISTINCT FROM n.time_zone;
  IF zone IS NULL THEN
    RETURN NULL;
  END IF;
  -- The waits as the reservations above (one person's waits exclude each other), their version raised.
  UPDATE waitlist_entries w SET during = m.target, version = w.version + 1
  FROM (SELECT a.id, wall_clock_range(a.date, a.start_time, a.end_time, zone) AS target FROM waitlist_entries a
      WHERE a.waitlist_status = 'WAITING' AND lower(a.during) > now()) m
  WHERE w.id = m.id
    AND NOT EXISTS (SELECT 1 FROM waitlist_entries o WHERE o.user_id = w.user_id
      AND o.waitlist_status = 'WAITING' AND o.during && m.target AND o.id <> w.id AND lower(o.during) > now());
  FOR one IN
    SELECT m.id, m.target FROM (SELECT a.id, a.during,
        wall_clock_range(a.date, a.start_time, a.end_time, zone) AS target FROM waitlist_entries a
        WHERE a.waitlist_status = 'WAITING' AND lower(a.during) > now()) m
    WHERE m.during <> m.target
    ORDER BY CASE WHEN lower(m.target) > lower(m.during) THEN -1 ELSE 1 END * extract(epoch FROM lower(m.during))
  LOOP
    UPDATE waitlist_entries SET during = one.target, version = version + 1 WHERE id = one.id;
  END LOOP;
  -- The draw's requests exclude nothing by their instants; the version is a request's calendar SEQUENCE.
  UPDATE draw_requests q
    SET during = wall_clock_range(q.date, q.start_time, q.end_time, zone), version = q.version + 1
    WHERE q.draw_status = 'PENDING' AND lower(q.during) > now();
  -- A pending reminder whose reservation no longer starts when it was queued for is replaced by the one
  -- notifications.ts's reminderJob queues: at the new start less the reminder's lead (due at once when that has
  -- passed), named by the new start, and none for a reservation now begun, not ACTIVE or without notification.
  -- Replaced rather than updated, so a worker running the old one meanwhile (it skips it as moved) leaves the new
  -- one pending.
  WITH moved AS (
    DELETE FROM jobs j USING reservations r
    WHERE j.kind = 'mail.reminder' AND j.state = 'pending' AND j.payload ->> 'reservationId' = r.id::text
      AND (j.payload ->> 'startsAt')::timestamptz IS DISTINCT FROM lower(r.during)
    RETURNING r.id, lower(r.during) AS starts_at,
      lower(r.during) - coalesce(r.reminder_before_reservation, interval '0') AS remind_at, j.max_attempts,
      r.reservation_status = 'ACTIVE' AND r.send_notification AND lower(r.during) > now() AS due
  ), named AS (
    SELECT m.id, m.remind_at, m.max_attempts,
      to_char(m.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS starts_at
    FROM moved m WHERE m.due
  )
  INSERT INTO jobs (kind, payload, idempotency_key, run_at, max_attempts)
  SELECT 'mail.reminder', jsonb_build_object('reservationId', m.id::text, 'startsAt', m.starts_at),
    'reminder:' || m.id || ':' || m.starts_at, greatest(m.remind_at, now()), m.max_attempts
  FROM named m
  ON CONFLICT (idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING;
  RETURN NULL;
END
$$;

CREATE TRIGGER configuration_time_zone_schedules AFTER UPDATE ON configuration REFERENCING OLD TABLE AS old_rows
  NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION schedules_keep_wall_clock();
