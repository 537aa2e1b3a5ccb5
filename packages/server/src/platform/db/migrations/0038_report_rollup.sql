-- [Insight] Reports fast (issue 28, item 4): a year of every garage read 1,000,000 reservations per report
-- (26.8 s). The reservations module now keeps their figures rolled up, in the writing transaction, by statement
-- triggers on reservations (each INSERT, UPDATE or DELETE adds its new rows' figures and takes away its old
-- rows'), so a report sums a few thousand rows:
--   reservation_day_rollup    per day, garage and type: what became of the reservations, their slot-seconds
--                             inside the garage's day window and their lead time;
--   reservation_edge_rollup   per day, garage and instant: how many held intervals (inside the window) start
--                             there minus how many end there, whose running sum is the number in use (the
--                             day's peak is its maximum, for any set of garages);
--   reservation_slot_rollup   per slot and span, reservation_owner_rollup per owner, garage and span: the per-slot
--                             and per-person figures over spans of 2^level days (span = day number >> level, day
--                             number 0 = 1970-01-01, levels 0-8), so any period of up to 366 days is at most
--                             ~17 spans per slot or person (reports/report-spans.ts cuts it).
-- Figures depend on the day window, so a change of the configured working hours or time zone, of a garage's own
-- hours or of a slot's garage rebuilds the rollup of the garages concerned.

-- The instants a reservation held its slot: its interval (which a cancellation cut), up to its release for a
-- no-show, nothing for a deleted one. The one definition the reports' read model and the rollup share. (The
-- status is compared as text: on a new database NO_SHOW was added in this same transaction, and PostgreSQL
-- refuses the new value as an enum literal there.)
CREATE FUNCTION reservation_held(status reservation_status, during tstzrange, modefied timestamptz)
  RETURNS tstzrange LANGUAGE sql STABLE AS $$
  SELECT CASE status::text WHEN 'DELETED' THEN 'empty'::tstzrange
    WHEN 'NO_SHOW' THEN tstzrange(lower(during),
      greatest(lower(during), least(upper(during), coalesce(modefied, upper(during)))), '[)')
    ELSE during END
$$;

CREATE TABLE reservation_day_rollup (
  date date NOT NULL,
  garage_id bigint NOT NULL,
  reservation_type reservation_type NOT NULL,
  -- Held ones (neither cancelled nor deleted); the others apart.
  reservations integer NOT NULL,
  cancellations integer NOT NULL,
  deletions integer NOT NULL,
  check_ins integer NOT NULL,
  no_shows integer NOT NULL,
  -- Seconds of every one's held interval inside the day window; lead seconds summed over the held ones.
  held_seconds numeric NOT NULL,
  lead_seconds numeric NOT NULL,
  PRIMARY KEY (date, garage_id, reservation_type)
);

CREATE TABLE reservation_edge_rollup (
  date date NOT NULL,
  garage_id bigint NOT NULL,
  at timestamptz NOT NULL,
  change integer NOT NULL,
  PRIMARY KEY (date, garage_id, at)
);

CREATE TABLE reservation_slot_rollup (
  span_level smallint NOT NULL,
  span integer NOT NULL,
  slot_id bigint NOT NULL,
  -- Every reservation of the slot in the span, whatever became of it (a slot used only so still shows).
  total integer NOT NULL,
  reservations integer NOT NULL,
  held_seconds numeric NOT NULL,
  PRIMARY KEY (span_level, span, slot_id)
);

CREATE TABLE reservation_owner_rollup (
  span_level smallint NOT NULL,
  span integer NOT NULL,
  garage_id bigint NOT NULL,
  owner_id bigint NOT NULL,
  total integer NOT NULL,
  reservations integer NOT NULL,
  cancellations integer NOT NULL,
  check_ins integer NOT NULL,
  no_shows integer NOT NULL,
  PRIMARY KEY (span_level, span, garage_id, owner_id)
);

-- Adds the figures of the reservations `added` to the rollup and takes away those of `removed`. Groups whose
-- figures cancel out (an update that changed nothing a report counts) write nothing, so they lock no rollup row.
-- Keys are written in order, against deadlocks. A static statement in PL/pgSQL with its plan kept (a generic
-- plan, the same for one row or many): planned afresh for every write, as dynamic SQL is, it cost most of the
-- triggers' time (single-row inserts on bench:api's data, load ~21 on 2 cores: 6.5-7.4 ms each so, 2.9-4.7 ms
-- with the plan kept, 0.8-1.4 ms without the rollup).
CREATE FUNCTION reservation_rollup_apply(added reservations[], removed reservations[]) RETURNS void
  LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $fn$
BEGIN
WITH facts AS (
  SELECT r.sign, r.date, r.reservation_type, r.owner_id, r.parking_slot_id AS slot_id, s.parking_garage_id AS garage_id,
    r.date - date '1970-01-01' AS day_number,
    CASE WHEN r.cancelled_at IS NULL AND r.reservation_status <> 'DELETED' THEN r.sign ELSE 0 END AS held,
    CASE WHEN r.cancelled_at IS NOT NULL THEN r.sign ELSE 0 END AS cancelled,
    CASE WHEN r.reservation_status = 'DELETED' THEN r.sign ELSE 0 END AS deleted,
    CASE WHEN r.checked_in_at IS NOT NULL THEN r.sign ELSE 0 END AS checked_in,
    CASE WHEN r.reservation_status::text = 'NO_SHOW' THEN r.sign ELSE 0 END AS no_show,
    -- (none for an interval cancelled to nothing, which is not held)
    extract(epoch FROM lower(r.during) - r.created) AS lead_seconds,
    reservation_held(r.reservation_status, r.during, r.modefied)
      * tstzrange((r.date + coalesce(g.working_hours_start, c.working_hours_start)) AT TIME ZONE c.time_zone,
        (r.date + coalesce(g.working_hours_end, c.working_hours_end)) AT TIME ZONE c.time_zone, '[)') AS inside
  FROM (SELECT 1 AS sign, a.* FROM unnest(added) a UNION ALL SELECT -1, d.* FROM unnest(removed) d) r
    JOIN parking_slots s ON s.id = r.parking_slot_id JOIN parking_garages g ON g.id = s.parking_garage_id
    JOIN configuration c ON c.id = 1),
measured AS (
  SELECT f.*, f.sign * coalesce(extract(epoch FROM upper(f.inside) - lower(f.inside)), 0) AS seconds FROM facts f),
days AS (
  INSERT INTO reservation_day_rollup AS t (date, garage_id, reservation_type, reservations, cancellations,
    deletions, check_ins, no_shows, held_seconds, lead_seconds)
  SELECT f.date, f.garage_id, f.reservation_type, sum(f.held), sum(f.cancelled), sum(f.deleted), sum(f.checked_in),
    sum(f.no_show), sum(f.seconds), coalesce(sum(f.held * f.lead_seconds), 0)
  FROM measured f GROUP BY 1, 2, 3
  HAVING (sum(f.held), sum(f.cancelled), sum(f.deleted), sum(f.checked_in), sum(f.no_show), sum(f.seconds),
    coalesce(sum(f.held * f.lead_seconds), 0)) <> (0, 0, 0, 0, 0, 0, 0)
  ORDER BY 1, 2, 3
  ON CONFLICT (date, garage_id, reservation_type) DO UPDATE SET reservations = t.reservations + excluded.reservations,
    cancellations = t.cancellations + excluded.cancellations, deletions = t.deletions + excluded.deletions,
    check_ins = t.check_ins + excluded.check_ins, no_shows = t.no_shows + excluded.no_shows,
    held_seconds = t.held_seconds + excluded.held_seconds, lead_seconds = t.lead_seconds + excluded.lead_seconds),
edges AS (
  INSERT INTO reservation_edge_rollup AS t (date, garage_id, at, change)
  SELECT e.date, e.garage_id, e.at, sum(e.change) FROM (
    SELECT f.date, f.garage_id, lower(f.inside) AS at, f.sign AS change FROM facts f WHERE NOT isempty(f.inside)
    UNION ALL
    SELECT f.date, f.garage_id, upper(f.inside), -f.sign FROM facts f WHERE NOT isempty(f.inside)) e
  GROUP BY 1, 2, 3 HAVING sum(e.change) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (date, garage_id, at) DO UPDATE SET change = t.change + excluded.change),
spans AS (
  SELECT f.*, l.level AS span_level, f.day_number >> l.level AS span
  FROM measured f CROSS JOIN generate_series(0, 8) AS l (level)),
slots AS (
  INSERT INTO reservation_slot_rollup AS t (span_level, span, slot_id, total, reservations, held_seconds)
  SELECT f.span_level, f.span, f.slot_id, sum(f.sign), sum(f.held), sum(f.seconds) FROM spans f GROUP BY 1, 2, 3
  HAVING (sum(f.sign), sum(f.held), sum(f.seconds)) <> (0, 0, 0) ORDER BY 1, 2, 3
  ON CONFLICT (span_level, span, slot_id) DO UPDATE SET total = t.total + excluded.total,
    reservations = t.reservations + excluded.reservations, held_seconds = t.held_seconds + excluded.held_seconds)
INSERT INTO reservation_owner_rollup AS t (span_level, span, garage_id, owner_id, total, reservations,
  cancellations, check_ins, no_shows)
SELECT f.span_level, f.span, f.garage_id, f.owner_id, sum(f.sign), sum(f.held), sum(f.cancelled), sum(f.checked_in),
  sum(f.no_show)
FROM spans f GROUP BY 1, 2, 3, 4
HAVING (sum(f.sign), sum(f.held), sum(f.cancelled), sum(f.checked_in), sum(f.no_show)) <> (0, 0, 0, 0, 0)
ORDER BY 1, 2, 3, 4
ON CONFLICT (span_level, span, garage_id, owner_id) DO UPDATE SET total = t.total + excluded.total,
  reservations = t.reservations + excluded.reservations, cancellations = t.cancellations + excluded.cancellations,
  check_ins = t.check_ins + excluded.check_ins, no_shows = t.no_shows + excluded.no_shows;
END
$fn$;

CREATE FUNCTION reservation_rollup_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reservation_rollup_apply(ARRAY(SELECT n::reservations FROM new_rows n), '{}');
  RETURN NULL;
END
$$;

CREATE FUNCTION reservation_rollup_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reservation_rollup_apply(ARRAY(SELECT n::reservations FROM new_rows n),
    ARRAY(SELECT o::reservations FROM old_rows o));
  RETURN NULL;
END
$$;

CREATE FUNCTION reservation_rollup_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reservation_rollup_apply('{}', ARRAY(SELECT o::reservations FROM old_rows o));
  RETURN NULL;
END
$$;

CREATE TRIGGER reservations_rollup_insert AFTER INSERT ON reservations REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION reservation_rollup_after_insert();
CREATE TRIGGER reservations_rollup_update AFTER UPDATE ON reservations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION reservation_rollup_after_update();
CREATE TRIGGER reservations_rollup_delete AFTER DELETE ON reservations REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION reservation_rollup_after_delete();

-- Rebuilds the rollup of the garages `garages` from their slots' reservations (their day window or slots
-- changed). Writers of reservations wait meanwhile, so none adds figures measured in the old window.
CREATE FUNCTION reservation_rollup_rebuild(garages bigint[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  garage bigint;
BEGIN
  IF cardinality(garages) = 0 THEN
    RETURN;
  END IF;
  LOCK TABLE reservations IN SHARE MODE;
  DELETE FROM reservation_day_rollup WHERE garage_id = ANY (garages);
  DELETE FROM reservation_edge_rollup WHERE garage_id = ANY (garages);
  DELETE FROM reservation_owner_rollup WHERE garage_id = ANY (garages);
  DELETE FROM reservation_slot_rollup t WHERE NOT EXISTS (SELECT 1 FROM parking_slots s
    WHERE s.id = t.slot_id AND s.parking_garage_id <> ALL (garages));
  -- Garage by garage, so that no one array holds every reservation.
  FOREACH garage IN ARRAY garages LOOP
    PERFORM reservation_rollup_apply(ARRAY(SELECT r FROM reservations r JOIN parking_slots s ON s.id = r.parking_slot_id
      WHERE s.parking_garage_id = garage), '{}');
  END LOOP;
END
$$;

-- An UPDATE of the configuration, the garages or the slots rebuilds the garages whose day window it changed (the
-- configured hours for the garages without their own, the time zone for all) or whose slots it moved.
CREATE FUNCTION reservation_rollup_after_window_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  garages bigint[];
BEGIN
  CASE TG_TABLE_NAME
  WHEN 'configuration' THEN
    garages := ARRAY(SELECT g.id FROM parking_garages g JOIN old_rows o ON true JOIN new_rows n ON n.id = o.id
      WHERE o.time_zone IS DISTINCT FROM n.time_zone OR (g.working_hours_start IS NULL
        AND (o.working_hours_start, o.working_hours_end) IS DISTINCT FROM (n.working_hours_start, n.working_hours_end)));
  WHEN 'parking_garages' THEN
    garages := ARRAY(SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.working_hours_start, o.working_hours_end) IS DISTINCT FROM (n.working_hours_start, n.working_hours_end));
  ELSE
    garages := ARRAY(SELECT g.id FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (o.parking_garage_id), (n.parking_garage_id)) AS g (id)
      WHERE o.parking_garage_id <> n.parking_garage_id);
  END CASE;
  PERFORM reservation_rollup_rebuild(ARRAY(SELECT DISTINCT g FROM unnest(garages) AS g ORDER BY g));
  RETURN NULL;
END
$$;

CREATE TRIGGER configuration_rollup AFTER UPDATE ON configuration REFERENCING OLD TABLE AS old_rows
  NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reservation_rollup_after_window_change();
CREATE TRIGGER parking_garages_rollup AFTER UPDATE ON parking_garages REFERENCING OLD TABLE AS old_rows
  NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reservation_rollup_after_window_change();
CREATE TRIGGER parking_slots_rollup AFTER UPDATE ON parking_slots REFERENCING OLD TABLE AS old_rows
  NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reservation_rollup_after_window_change();

-- The reservations so far.
SELECT reservation_rollup_rebuild(ARRAY(SELECT g.id FROM parking_garages g ORDER BY g.id));
