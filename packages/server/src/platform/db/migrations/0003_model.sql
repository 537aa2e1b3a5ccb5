-- The whole ParkHere model of DESIGN §3. PostgreSQL 15 and PGlite alike: no trigram, no WITHOUT OVERLAPS.
-- Wire names stay the spec's (aggregaredName, modefied); columns are their snake_case forms.
-- Keyset paging orders by (sort column, id), so every list sort key has an index ending in id.

CREATE TYPE reservation_type AS ENUM ('NORMAL', 'QUICK', 'GUEST', 'LONG');
CREATE TYPE reservation_status AS ENUM ('ACTIVE', 'DELETED', 'EXPIRED');
CREATE TYPE type_of_day AS ENUM ('WORK', 'HOLIDAY');

-- Uploaded files; the bytes live under DATA_DIR, `path` is relative to it.
CREATE TABLE files (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
  size bigint NOT NULL CHECK (size >= 0),
  content_type text NOT NULL CHECK (length(content_type) BETWEEN 1 AND 255),
  path text NOT NULL UNIQUE,
  created timestamptz NOT NULL DEFAULT now(),
  created_by bigint REFERENCES users (id) ON DELETE SET NULL
);

CREATE TABLE parking_garages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL CHECK (name = btrim(name) AND length(name) BETWEEN 1 AND 100),
  is_active boolean NOT NULL DEFAULT true,
  email_template_of_the_garage text CHECK (length(email_template_of_the_garage) <= 65535),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX parking_garages_name_key ON parking_garages (lower(name));
CREATE INDEX parking_garages_name_id ON parking_garages (name, id);

CREATE TABLE parking_slots (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  parking_garage_id bigint NOT NULL REFERENCES parking_garages (id) ON DELETE RESTRICT,
  name text NOT NULL CHECK (name = btrim(name) AND length(name) BETWEEN 1 AND 50),
  floor integer NOT NULL,
  next_to_wall boolean NOT NULL DEFAULT false,
  is_active boolean NOT NULL DEFAULT true,
  is_exclusive boolean NOT NULL DEFAULT false,
  floor_plan_id uuid REFERENCES files (id) ON DELETE SET NULL,
  -- name + ' / ' + floor + ' (' + garage name + ')', kept by triggers so lists can filter, sort and
  -- seek on it through an index instead of joining and computing per row.
  aggregared_name text NOT NULL DEFAULT '',
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT parking_slots_garage_name_key UNIQUE (parking_garage_id, name)
);

CREATE INDEX parking_slots_name_id ON parking_slots (name, id);
CREATE INDEX parking_slots_lower_name_id ON parking_slots (lower(name), id);
CREATE INDEX parking_slots_floor_id ON parking_slots (floor, id);
CREATE INDEX parking_slots_aggregared_name_id ON parking_slots (aggregared_name, id);
CREATE INDEX parking_slots_lower_aggregared_name_id ON parking_slots (lower(aggregared_name), id);
CREATE INDEX parking_slots_active_garage ON parking_slots (parking_garage_id, id) WHERE is_active;

CREATE FUNCTION parking_slot_aggregared_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.aggregared_name := NEW.name || ' / ' || NEW.floor || ' ('
    || (SELECT g.name FROM parking_garages g WHERE g.id = NEW.parking_garage_id) || ')';
  RETURN NEW;
END;
$$;

CREATE TRIGGER parking_slots_aggregared_name
  BEFORE INSERT OR UPDATE OF name, floor, parking_garage_id ON parking_slots
  FOR EACH ROW EXECUTE FUNCTION parking_slot_aggregared_name();

CREATE FUNCTION parking_garage_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE parking_slots SET aggregared_name = name || ' / ' || floor || ' (' || NEW.name || ')'
    WHERE parking_garage_id = NEW.id;
  RETURN NEW;
END;
$$;

CREATE TRIGGER parking_garages_renamed
  AFTER UPDATE OF name ON parking_garages
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION parking_garage_renamed();

ALTER TABLE users ADD COLUMN preferred_parking_slot_id bigint REFERENCES parking_slots (id) ON DELETE SET NULL;
CREATE INDEX users_preferred_parking_slot ON users (preferred_parking_slot_id)
  WHERE preferred_parking_slot_id IS NOT NULL;
CREATE INDEX users_name_id ON users (name, id);
CREATE INDEX users_lower_name_id ON users (lower(name), id);
CREATE INDEX users_email_id ON users (email, id);

-- Garages a user may reserve in (only active ones count, DESIGN §3).
CREATE TABLE user_accessed_garages (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  parking_garage_id bigint NOT NULL REFERENCES parking_garages (id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, parking_garage_id)
);
CREATE INDEX user_accessed_garages_garage ON user_accessed_garages (parking_garage_id, user_id);

-- Garages whose ID card the user holds.
CREATE TABLE user_id_card_garages (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  parking_garage_id bigint NOT NULL REFERENCES parking_garages (id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, parking_garage_id)
);
CREATE INDEX user_id_card_garages_garage ON user_id_card_garages (parking_garage_id, user_id);

CREATE TABLE cars (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- Stored trimmed and upper-case (the contract's LICENSE_PLATE_PATTERN after normalisation).
  license_plate text NOT NULL CHECK (
    license_plate = upper(btrim(license_plate))
    AND license_plate ~ '^[0-9A-Z]([0-9A-Z -]{0,18}[0-9A-Z])?$'
  ),
  manufacturer text CHECK (length(manufacturer) <= 100),
  model text CHECK (length(model) <= 100),
  is_favorite boolean NOT NULL DEFAULT false,
  is_archived boolean NOT NULL DEFAULT false,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX cars_user_license_plate_key ON cars (user_id, license_plate);
-- At most one favourite per user: favouriting one must clear the others in the same transaction.
CREATE UNIQUE INDEX cars_one_favorite_per_user ON cars (user_id) WHERE is_favorite;
CREATE INDEX cars_license_plate_id ON cars (license_plate, id);

CREATE TABLE reservations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  owner_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  parking_slot_id bigint NOT NULL REFERENCES parking_slots (id) ON DELETE RESTRICT,
  car_id bigint REFERENCES cars (id) ON DELETE SET NULL,
  -- The plate at reservation time, so history still shows it after the car is deleted.
  car_license_plate text CHECK (length(car_license_plate) <= 24),
  guest_name text CHECK (length(guest_name) <= 255),
  guest_email text CHECK (length(guest_email) <= 255),
  guest_license_plate text CHECK (length(guest_license_plate) <= 24),
  date date NOT NULL,
  start_time time NOT NULL,
  end_time time NOT NULL,
  -- [start, end) as instants: date + times read in the configured time zone, computed by the app
  -- (wall_clock_range below) because a generated column may not depend on time zone data.
  during tstzrange NOT NULL,
  reservation_type reservation_type NOT NULL,
  reservation_status reservation_status NOT NULL DEFAULT 'ACTIVE',
  send_notification boolean NOT NULL DEFAULT true,
  reminder_before_reservation interval CHECK (reminder_before_reservation >= interval '0'),
  instant_notificate_the_doorman boolean NOT NULL DEFAULT false,
  -- The LONG series this day belongs to; all days of a series are created together.
  series_id uuid,
  created timestamptz NOT NULL DEFAULT now(),
  created_by text,
  modefied timestamptz,
  modefied_by text,
  version integer NOT NULL DEFAULT 1,
  CONSTRAINT reservations_times_check CHECK (start_time <= end_time),
  CONSTRAINT reservations_during_half_open_check
    CHECK (isempty(during) OR (lower_inc(during) AND NOT upper_inc(during))),
  -- A cancelled reservation ends "now" and may become empty; an active one is a real interval.
  CONSTRAINT reservations_active_interval_check
    CHECK (reservation_status <> 'ACTIVE' OR (start_time < end_time AND NOT isempty(during))),
  CONSTRAINT reservations_guest_check CHECK (
    reservation_type <> 'GUEST'
    OR (guest_name IS NOT NULL AND guest_email IS NOT NULL AND guest_license_plate IS NOT NULL)
  ),
  CONSTRAINT reservations_long_series_check CHECK (reservation_type <> 'LONG' OR series_id IS NOT NULL),
  -- No double booking (DESIGN §4): SQLSTATE 23P01, told apart by constraint name.
  CONSTRAINT reservations_slot_no_overlap
    EXCLUDE USING gist (parking_slot_id WITH =, during WITH &&) WHERE (reservation_status = 'ACTIVE'),
  CONSTRAINT reservations_owner_no_overlap
    EXCLUDE USING gist (owner_id WITH =, during WITH &&)
    WHERE (reservation_status = 'ACTIVE' AND reservation_type <> 'GUEST')
);

CREATE INDEX reservations_owner_date ON reservations (owner_id, date, start_time, id);
CREATE INDEX reservations_owner_active ON reservations (owner_id, date, start_time, id)
  WHERE reservation_status = 'ACTIVE';
CREATE INDEX reservations_slot_date ON reservations (parking_slot_id, date);
CREATE INDEX reservations_date_id ON reservations (date, id);
CREATE INDEX reservations_date_start_id ON reservations (date, start_time, id);
-- The expiry job: ACTIVE reservations whose end has passed.
CREATE INDEX reservations_active_end ON reservations (upper(during)) WHERE reservation_status = 'ACTIVE';
CREATE INDEX reservations_series ON reservations (series_id) WHERE series_id IS NOT NULL;
CREATE INDEX reservations_car ON reservations (car_id) WHERE car_id IS NOT NULL;

-- Wall-clock date and times in a time zone as a half-open instant range; DST days come out right.
CREATE FUNCTION wall_clock_range(day date, start_time time, end_time time, time_zone text)
  RETURNS tstzrange LANGUAGE sql STABLE AS $$
  SELECT tstzrange((day + start_time) AT TIME ZONE time_zone, (day + end_time) AT TIME ZONE time_zone, '[)')
$$;

CREATE TABLE holidays (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  start_date date NOT NULL,
  end_date date NOT NULL,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (start_date <= end_date),
  -- DESIGN §4: a user's holidays do not overlap.
  CONSTRAINT holidays_no_overlap
    EXCLUDE USING gist (user_id WITH =, daterange(start_date, end_date, '[]') WITH &&)
);

CREATE INDEX holidays_user_start ON holidays (user_id, start_date, id);
CREATE INDEX holidays_start_id ON holidays (start_date, id);

CREATE TABLE additional_days (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  day date NOT NULL,
  type_of_day type_of_day NOT NULL,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT additional_days_day_key UNIQUE (day)
);

-- One row, always present; the defaults are DESIGN §3's.
CREATE TABLE configuration (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  sender_email text CHECK (length(sender_email) <= 255),
  contact_email text CHECK (length(contact_email) <= 255),
  time_zone text NOT NULL DEFAULT 'Europe/Budapest' CHECK (time_zone ~ '^[A-Za-z_]+(/[A-Za-z0-9_+-]+)*$'),
  max_days_in_advance integer NOT NULL DEFAULT 14 CHECK (max_days_in_advance >= 0),
  doorman_email_template text CHECK (length(doorman_email_template) <= 65535),
  deletion_email_template text CHECK (length(deletion_email_template) <= 65535),
  modification_email_template text CHECK (length(modification_email_template) <= 65535),
  reminder_email_template text CHECK (length(reminder_email_template) <= 65535),
  holiday_image_id uuid REFERENCES files (id) ON DELETE SET NULL,
  version integer NOT NULL DEFAULT 1
);

INSERT INTO configuration (id) VALUES (1) ON CONFLICT DO NOTHING;

ALTER TABLE doormen ADD CONSTRAINT doormen_email_check CHECK (email = btrim(email) AND email <> '');
CREATE INDEX doormen_name_id ON doormen (name, id);

CREATE TABLE doorman_garages (
  doorman_id bigint NOT NULL REFERENCES doormen (id) ON DELETE CASCADE,
  parking_garage_id bigint NOT NULL REFERENCES parking_garages (id) ON DELETE CASCADE,
  PRIMARY KEY (doorman_id, parking_garage_id)
);
CREATE INDEX doorman_garages_garage ON doorman_garages (parking_garage_id, doorman_id);
