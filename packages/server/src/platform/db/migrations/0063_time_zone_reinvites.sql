-- Issue 31 §3: a change of the configured time zone moves the instants of the reservations still to come
-- (0052, 0062), but the invitations (.ics) already mailed to their owners still hold the old instants in their
-- mail clients' calendars. The owners of moved reservations that were mailed an invitation get an updated one:
-- one mail per owner naming every moved reservation (a LONG booking's or a weekly series' days among them), the
-- same UIDs with the raised SEQUENCE (notifications' `mail.time-zone` job, send-time-zone-mail.ts).

-- The reservations whose owner was mailed their invitation (a confirmation, a modification, a served request's
-- confirmation, this re-invitation): notifications records it when such a mail goes out. A reservation never
-- mailed (seeded, or its confirmation still queued, which then carries the new instants itself) is not re-invited.
CREATE TABLE reservation_invitations (
  reservation_id bigint PRIMARY KEY REFERENCES reservations (id) ON DELETE CASCADE,
  sent_at timestamptz NOT NULL
);

-- What was mailed before this release: every reservation the app makes is confirmed by mail, so those still to
-- come made or last changed before now. Recorded by a job after the migration (notifications'
-- `notifications.record-invitations`), not here, where every table is held; due at the epoch, as 0046's, so at
-- once by any worker's clock.
INSERT INTO jobs (kind, payload, run_at)
  VALUES ('notifications.record-invitations', jsonb_build_object('before', now()), timestamptz '1970-01-01 00:00:00+00');

-- After 0052's and 0062's triggers (by name): the reservations have their new instants here. The moved ones are
-- those 0062 moved (ACTIVE, not begun at their old instants) whose instants changed (a zone of the same offsets
-- moves nothing). Queued in the configuration's statement, so a change that rolls back mails nothing and a crash
-- after the commit loses no mail; one job per owner, due at once by any worker's clock, the mails sent one by one
-- by the jobs, never here.
CREATE FUNCTION invitations_follow_time_zone() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_zone text;
  new_zone text;
BEGIN
  SELECT o.time_zone, n.time_zone INTO old_zone, new_zone FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.time_zone IS DISTINCT FROM n.time_zone;
  IF new_zone IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO jobs (kind, payload, run_at)
  SELECT 'mail.time-zone', jsonb_build_object('ownerId', r.owner_id::text,
      'reservationIds', jsonb_agg(r.id::text ORDER BY r.date, r.start_time, r.id)), timestamptz '1970-01-01 00:00:00+00'
  FROM reservations r
  WHERE r.reservation_status = 'ACTIVE' AND r.date >= (now() AT TIME ZONE old_zone)::date
    AND EXISTS (SELECT 1 FROM reservation_invitations i WHERE i.reservation_id = r.id)
    AND lower(wall_clock_range(r.date, r.start_time, r.end_time, old_zone)) > now()
    AND r.during <> wall_clock_range(r.date, r.start_time, r.end_time, old_zone)
  GROUP BY r.owner_id;
  RETURN NULL;
END
$$;

CREATE TRIGGER configuration_time_zone_tells AFTER UPDATE ON configuration REFERENCING OLD TABLE AS old_rows
  NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invitations_follow_time_zone();
