-- Range exclusion constraints of later migrations (no double booking) need btree_gist.
CREATE EXTENSION IF NOT EXISTS btree_gist;

CREATE TABLE users (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  name text NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  is_administrator boolean NOT NULL DEFAULT false,
  is_normal_reservation boolean NOT NULL DEFAULT false,
  is_quick_reservation boolean NOT NULL DEFAULT true,
  is_guest_reservation boolean NOT NULL DEFAULT false,
  is_long_reservation boolean NOT NULL DEFAULT false,
  start_of_working_time time NOT NULL DEFAULT '09:00',
  end_of_working_time time NOT NULL DEFAULT '17:00',
  max_normal_reservation integer NOT NULL DEFAULT 5 CHECK (max_normal_reservation >= 0),
  max_guest_reservation integer NOT NULL DEFAULT 5 CHECK (max_guest_reservation >= 0),
  max_long_reservation integer NOT NULL DEFAULT 2 CHECK (max_long_reservation >= 0),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (email = btrim(email) AND email <> '')
);

-- Emails are unique regardless of case (DESIGN §3).
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE doormen (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX doormen_email_key ON doormen (lower(email));
