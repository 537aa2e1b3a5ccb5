-- [Fair share 2] The fair draw's records (modules/draw), its need-based priorities, and the waitlist's rank.

-- One draw per garage and day. The row is made with its seed before the draw runs, in a transaction of its
-- own, so a draw that crashed runs again with the same seed; the draw's one transaction then fills in what it
-- froze (the requests, their weights at the cut-off, the free slots), its outcome and when it ran. The unique
-- key makes every other run of the same garage and day find it done.
CREATE TABLE draws (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  parking_garage_id bigint NOT NULL REFERENCES parking_garages (id) ON DELETE CASCADE,
  date date NOT NULL,
  seed integer NOT NULL,
  inputs jsonb,
  outcome jsonb,
  request_count integer CHECK (request_count >= 0),
  winner_count integer CHECK (winner_count >= 0 AND winner_count <= request_count),
  ran_at timestamptz,
  created timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT draws_garage_date_key UNIQUE (parking_garage_id, date),
  CONSTRAINT draws_ran_check CHECK (
    (ran_at IS NULL) = (inputs IS NULL) AND (ran_at IS NULL) = (outcome IS NULL)
    AND (ran_at IS NULL) = (request_count IS NULL) AND (ran_at IS NULL) = (winner_count IS NULL))
);

-- The administrators' list, the latest day first.
CREATE INDEX draws_date ON draws (date DESC, id);

-- A need-based priority (accessibility, medical, carpool, …) an administrator gives a user until it expires:
-- its holder is drawn before everybody else. Health-related: only administrators see it.
CREATE TABLE draw_priorities (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  category text NOT NULL CHECK (length(category) BETWEEN 1 AND 64),
  -- The last day the priority holds.
  expires date NOT NULL,
  created timestamptz NOT NULL DEFAULT now(),
  created_by text,
  version integer NOT NULL DEFAULT 1,
  CONSTRAINT draw_priorities_user_category_key UNIQUE (user_id, category)
);

-- The waitlist's order is an explicit rank, no longer the entry's id: a draw's losers wait in draw order.
-- An entry made as before ranks by its id (first come, first served, as until now).
ALTER TABLE waitlist_entries ADD COLUMN rank bigint;
UPDATE waitlist_entries SET rank = id;
ALTER TABLE waitlist_entries ALTER COLUMN rank SET NOT NULL;

CREATE FUNCTION waitlist_entries_default_rank() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.rank := COALESCE(NEW.rank, NEW.id);
  RETURN NEW;
END
$$;

CREATE TRIGGER waitlist_entries_rank BEFORE INSERT ON waitlist_entries
  FOR EACH ROW EXECUTE FUNCTION waitlist_entries_default_rank();

DROP INDEX waitlist_entries_waiting;
CREATE INDEX waitlist_entries_waiting ON waitlist_entries (date, rank, id) WHERE waitlist_status = 'WAITING';
