-- [Fair share 1]: check-in with a no-show release, per garage, and a waitlist for days with no free slot.
-- No statement here uses the new enum value: on a database migrated before, ADD VALUE is only usable once
-- this transaction has committed.
ALTER TYPE reservation_status ADD VALUE IF NOT EXISTS 'NO_SHOW';

-- Off by default, so a garage keeps today's behaviour until an administrator turns check-in on.
ALTER TABLE parking_garages
  ADD COLUMN check_in_required boolean NOT NULL DEFAULT false,
  ADD COLUMN check_in_grace_minutes integer NOT NULL DEFAULT 30
    CONSTRAINT parking_garages_check_in_grace_minutes_check CHECK (check_in_grace_minutes BETWEEN 0 AND 720),
  ADD COLUMN check_in_early_minutes integer NOT NULL DEFAULT 15
    CONSTRAINT parking_garages_check_in_early_minutes_check CHECK (check_in_early_minutes BETWEEN 0 AND 720);

-- Who checked in (the owner, a doorman's email, or the mail link) and when, by the app's clock.
ALTER TABLE reservations
  ADD COLUMN checked_in_at timestamptz,
  ADD COLUMN checked_in_by text CHECK (length(checked_in_by) <= 255);

-- The release job: ACTIVE reservations nobody checked in to, by start.
CREATE INDEX reservations_unchecked_start ON reservations (lower(during))
  WHERE reservation_status = 'ACTIVE' AND checked_in_at IS NULL;

CREATE TYPE waitlist_status AS ENUM ('WAITING', 'PROMOTED', 'EXPIRED');

-- A reservation request waiting for a slot: the fields of the reservation it becomes, minus the slot.
CREATE TABLE waitlist_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- Only this garage; NULL: any garage the user may reserve in.
  parking_garage_id bigint REFERENCES parking_garages (id) ON DELETE CASCADE,
  car_id bigint REFERENCES cars (id) ON DELETE SET NULL,
  guest_name text CHECK (length(guest_name) <= 255),
  guest_email text CHECK (length(guest_email) <= 255),
  guest_license_plate text CHECK (length(guest_license_plate) <= 24),
  date date NOT NULL,
  start_time time NOT NULL,
  end_time time NOT NULL,
  during tstzrange NOT NULL,
  reservation_type reservation_type NOT NULL,
  send_notification boolean NOT NULL DEFAULT true,
  reminder_before_reservation interval CHECK (reminder_before_reservation >= interval '0'),
  instant_notificate_the_doorman boolean NOT NULL DEFAULT false,
  waitlist_status waitlist_status NOT NULL DEFAULT 'WAITING',
  -- The reservation a PROMOTED entry became.
  reservation_id bigint REFERENCES reservations (id) ON DELETE SET NULL,
  created timestamptz NOT NULL DEFAULT now(),
  created_by text,
  version integer NOT NULL DEFAULT 1,
  CONSTRAINT waitlist_entries_interval_check
    CHECK (start_time < end_time AND NOT isempty(during) AND lower_inc(during) AND NOT upper_inc(during)),
  -- A LONG series is all or nothing over many days; it is not waited for.
  CONSTRAINT waitlist_entries_type_check CHECK (reservation_type <> 'LONG'),
  CONSTRAINT waitlist_entries_guest_check CHECK (
    reservation_type <> 'GUEST'
    OR (guest_name IS NOT NULL AND guest_email IS NOT NULL AND guest_license_plate IS NOT NULL)
  ),
  -- One wait per time, as one reservation per time (GUEST requests excepted, as there).
  CONSTRAINT waitlist_entries_owner_no_overlap
    EXCLUDE USING gist (user_id WITH =, during WITH &&)
    WHERE (waitlist_status = 'WAITING' AND reservation_type <> 'GUEST')
);

-- A day's queue in order (first come, first served: by id), and its expiry at the start.
CREATE INDEX waitlist_entries_waiting ON waitlist_entries (date, id) WHERE waitlist_status = 'WAITING';
CREATE INDEX waitlist_entries_waiting_start ON waitlist_entries (lower(during)) WHERE waitlist_status = 'WAITING';
CREATE INDEX waitlist_entries_user_date ON waitlist_entries (user_id, date, id);
CREATE INDEX waitlist_entries_date_id ON waitlist_entries (date, id);
CREATE INDEX waitlist_entries_reservation ON waitlist_entries (reservation_id) WHERE reservation_id IS NOT NULL;
