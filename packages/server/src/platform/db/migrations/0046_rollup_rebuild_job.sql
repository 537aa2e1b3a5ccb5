-- [Insight] The reports' rollup rebuilt by a durable job (issue 28): migration 0038 rebuilt the rollup of the
-- garages whose day window changed (the configured hours or time zone, a garage's own hours, a slot's garage)
-- inside the changing transaction, with the reservations locked against writers: at 1,000,000 reservations an
-- administrator's Save held every reservation write for ~105 s. Now the change only marks its garages stale and
-- queues a 'reservations.rollup-rebuild' job for each; the job clears the garage's rollup rows and adds its
-- reservations back in id order, a batch per transaction, and the reports compute a stale garage's figures
-- directly from the reservations until its rebuild is whole (reservations' report-sql.ts, reports'
-- rollup-facts.ts), so no report mixes old and new figures.
--
-- How writers and the rebuild count each reservation once. reservation_rollup_rebuilds holds the stale garages,
-- each with `done_through`: NULL while the garage's rollup rows are to be cleared, else the last reservation id
-- (in id order) whose figures its rows hold. A write of reservations adds to and takes from the rollup only the
-- rows of fresh garages and, of a stale garage, those with id <= done_through (the job adds the others when it
-- reaches them, reading them as they are then). The three touch a garage's rows under one advisory lock per
-- garage: writers share it for their transaction, the job's batch and the marking change hold it alone. So a
-- batch waits for the garage's writers in flight and then reads what they committed, and a writer that comes
-- during a batch waits for that batch only, not the whole rebuild, and then reads where it stopped.
-- The marking change waits for the writers in flight too, so none of them adds to the rows the clearing removes.

CREATE TABLE reservation_rollup_rebuilds (
  garage_id bigint PRIMARY KEY REFERENCES parking_garages (id) ON DELETE CASCADE,
  -- NULL: the garage's rollup rows are yet to be cleared; else the last reservation id (in id order) whose figures
  -- they hold: the rebuild goes on from there.
  done_through bigint,
  requested_at timestamptz NOT NULL DEFAULT now()
);

-- The advisory lock of a garage's rollup (first key 28046): writers share it, a rebuild batch and a marking
-- change take it alone. 28047 is the rebuilder's own, so that two instances' jobs never rebuild one garage at once.
CREATE FUNCTION reservation_rollup_lock_key(garage bigint) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT (garage % 2147483647)::integer
$$;

-- A write's figures (migration 0038's triggers): the garages it touches locked (shared, in order), then what
-- the rebuilds left to the writers.
CREATE FUNCTION reservation_rollup_write(added reservations[], removed reservations[]) RETURNS void
  LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $fn$
DECLARE
  garage bigint;
BEGIN
  FOR garage IN SELECT DISTINCT s.parking_garage_id FROM parking_slots s
      WHERE s.id IN (SELECT a.parking_slot_id FROM unnest(added) a UNION SELECT d.parking_slot_id FROM unnest(removed) d)
      ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock_shared(28046, reservation_rollup_lock_key(garage));
  END LOOP;
  IF NOT EXISTS (SELECT FROM reservation_rollup_rebuilds) THEN
    PERFORM reservation_rollup_apply(added, removed);
    RETURN;
  END IF;
  PERFORM reservation_rollup_apply(
    ARRAY(SELECT a FROM unnest(added) a JOIN parking_slots s ON s.id = a.parking_slot_id
      LEFT JOIN reservation_rollup_rebuilds b ON b.garage_id = s.parking_garage_id
      WHERE b.garage_id IS NULL OR a.id <= b.done_through),
    ARRAY(SELECT d FROM unnest(removed) d JOIN parking_slots s ON s.id = d.parking_slot_id
      LEFT JOIN reservation_rollup_rebuilds b ON b.garage_id = s.parking_garage_id
      WHERE b.garage_id IS NULL OR d.id <= b.done_through));
END
$fn$;

CREATE OR REPLACE FUNCTION reservation_rollup_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reservation_rollup_write(ARRAY(SELECT n::reservations FROM new_rows n), '{}');
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION reservation_rollup_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reservation_rollup_write(ARRAY(SELECT n::reservations FROM new_rows n),
    ARRAY(SELECT o::reservations FROM old_rows o));
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION reservation_rollup_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reservation_rollup_write('{}', ARRAY(SELECT o::reservations FROM old_rows o));
  RETURN NULL;
END
$$;

-- 0038's window triggers hand the garages whose day window changed (distinct, in order) to this function, which
-- rebuilt them there; now it marks them stale, from the start, and queues a rebuild for each that has none
-- pending. It waits only for the garages' writers in flight.
CREATE OR REPLACE FUNCTION reservation_rollup_rebuild(garages bigint[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  garage bigint;
BEGIN
  FOREACH garage IN ARRAY garages LOOP
    PERFORM pg_advisory_xact_lock(28046, reservation_rollup_lock_key(garage));
  END LOOP;
  INSERT INTO reservation_rollup_rebuilds AS b (garage_id) SELECT g FROM unnest(garages) AS g ORDER BY g
    ON CONFLICT (garage_id) DO UPDATE SET done_through = NULL, requested_at = now();
  -- Due at the epoch, as the waitlist's promotions (0009): at once by any worker's clock.
  INSERT INTO jobs (kind, payload, run_at)
  SELECT 'reservations.rollup-rebuild', jsonb_build_object('garageId', g::text), timestamptz '1970-01-01 00:00:00+00'
  FROM unnest(garages) AS g
  WHERE NOT EXISTS (SELECT FROM jobs j WHERE j.kind = 'reservations.rollup-rebuild' AND j.state = 'pending'
    AND j.payload ->> 'garageId' = g::text);
END
$$;

-- One step of the rebuild of `garage`'s rollup, in the caller's transaction (the job's, which runs steps until
-- this answers true: the garage's rollup is whole and it is fresh again).
--   Cleared first, in one statement a table: no writer touches a garage's rows while done_through is NULL (they
--   skip all of its reservations, and the marking change waited for those in flight), so the clearing holds
--   no lock a writer waits for, however long it takes.
--   Then up to `batch` reservations a step, in id order, with the garage's lock held alone: its writers wait
--   for one batch at most.
CREATE FUNCTION reservation_rollup_rebuild_step(garage bigint, batch integer) RETURNS boolean
  LANGUAGE plpgsql AS $$
DECLARE
  through bigint;
  last_id bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(28047, reservation_rollup_lock_key(garage));
  SELECT b.done_through INTO through FROM reservation_rollup_rebuilds b WHERE b.garage_id = garage;
  IF NOT FOUND THEN
    RETURN true;
  END IF;
  IF through IS NULL THEN
    DELETE FROM reservation_day_rollup WHERE garage_id = garage;
    DELETE FROM reservation_edge_rollup WHERE garage_id = garage;
    DELETE FROM reservation_owner_rollup WHERE garage_id = garage;
    DELETE FROM reservation_slot_rollup WHERE slot_id IN (SELECT s.id FROM parking_slots s WHERE s.parking_garage_id = garage);
    -- (A change marking it again meanwhile left it NULL, and nothing was added since.)
    UPDATE reservation_rollup_rebuilds SET done_through = 0 WHERE garage_id = garage;
    RETURN false;
  END IF;
  PERFORM pg_advisory_xact_lock(28046, reservation_rollup_lock_key(garage));
  -- Read again under the lock: a marking change may have come between.
  SELECT b.done_through INTO through FROM reservation_rollup_rebuilds b WHERE b.garage_id = garage;
  IF through IS NULL THEN
    RETURN false;
  END IF;
  SELECT max(n.id) INTO last_id FROM (SELECT r.id FROM reservations r JOIN parking_slots s ON s.id = r.parking_slot_id
    WHERE s.parking_garage_id = garage AND r.id > through ORDER BY r.id LIMIT batch) n;
  IF last_id IS NULL THEN
    DELETE FROM reservation_rollup_rebuilds WHERE garage_id = garage;
    RETURN true;
  END IF;
  PERFORM reservation_rollup_apply(ARRAY(SELECT r FROM reservations r JOIN parking_slots s ON s.id = r.parking_slot_id
    WHERE s.parking_garage_id = garage AND r.id > through AND r.id <= last_id), '{}');
  UPDATE reservation_rollup_rebuilds SET done_through = last_id WHERE garage_id = garage;
  RETURN false;
END
$$;
