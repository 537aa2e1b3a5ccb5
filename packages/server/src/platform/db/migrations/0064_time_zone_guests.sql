-- Issue 31 §3: a guest told of a GUEST reservation (its confirmation mailed, `guest_told_at`) holds its event in
-- their calendar too, with the old instants once a change of the configured time zone moved it. 0063's trigger
-- re-invited the owners only; now each such guest gets their own mail as well (notifications' `mail.guest` job
-- about the time zone: the reservation's day and times, the new zone, the same UID with the raised SEQUENCE).
-- A guest not yet told is not: their confirmation, still queued, carries the new instants itself. No mail budget
-- is charged: no user asked for these mails, and the administrator's change is not a way to mail an address of
-- their choosing (only the addresses the owners gave, once per change).

CREATE OR REPLACE FUNCTION invitations_follow_time_zone() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_zone text;
  new_zone text;
BEGIN
  SELECT o.time_zone, n.time_zone INTO old_zone, new_zone FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.time_zone IS DISTINCT FROM n.time_zone;
  IF new_zone IS NULL THEN
    RETURN NULL;
  END IF;
  -- The moved reservations as 0063 found them, read once for both kinds of mail.
  WITH moved AS (
    SELECT r.id, r.owner_id, r.date, r.start_time, r.reservation_type, r.guest_email, r.guest_told_at
    FROM reservations r
    WHERE r.reservation_status = 'ACTIVE' AND r.date >= (now() AT TIME ZONE old_zone)::date
      AND lower(wall_clock_range(r.date, r.start_time, r.end_time, old_zone)) > now()
      AND r.during <> wall_clock_range(r.date, r.start_time, r.end_time, old_zone)
  ), owners AS (
    INSERT INTO jobs (kind, payload, run_at)
    SELECT 'mail.time-zone', jsonb_build_object('ownerId', m.owner_id::text,
        'reservationIds', jsonb_agg(m.id::text ORDER BY m.date, m.start_time, m.id)),
        timestamptz '1970-01-01 00:00:00+00'
    FROM moved m
    WHERE EXISTS (SELECT 1 FROM reservation_invitations i WHERE i.reservation_id = m.id)
    GROUP BY m.owner_id
  )
  INSERT INTO jobs (kind, payload, run_at)
  SELECT 'mail.guest', jsonb_build_object('reservationId', m.id::text, 'about', 'time-zone'),
      timestamptz '1970-01-01 00:00:00+00'
  FROM moved m
  WHERE m.reservation_type = 'GUEST' AND m.guest_told_at IS NOT NULL
    AND nullif(trim(m.guest_email), '') IS NOT NULL;
  RETURN NULL;
END
$$;
