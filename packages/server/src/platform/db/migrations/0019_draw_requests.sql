-- [Fair share 2] The fair draw's requests (modules/draw). Off by default, so a garage keeps first come, first
-- served until an administrator turns its draw on.
ALTER TABLE parking_garages
  ADD COLUMN draw_enabled boolean NOT NULL DEFAULT false,
  ADD COLUMN draw_cutoff_time time NOT NULL DEFAULT '14:00',
  ADD COLUMN draw_cutoff_working_days_before integer NOT NULL DEFAULT 2
    CONSTRAINT parking_garages_draw_cutoff_working_days_before_check
      CHECK (draw_cutoff_working_days_before BETWEEN 0 AND 30),
  ADD COLUMN draw_fairness_weeks integer NOT NULL DEFAULT 8
    CONSTRAINT parking_garages_draw_fairness_weeks_check CHECK (draw_fairness_weeks BETWEEN 1 AND 52);

CREATE TYPE draw_status AS ENUM ('PENDING', 'WON', 'LOST', 'WITHDRAWN');

-- One request of one user for one day in one garage's draw: the fields of the reservation it becomes, a
-- preferred slot or none. A LONG series is drawn per day: one row per working day, sharing series_id. GUEST
-- reservations are not drawn (they are booked directly and reduce the draw's supply).
CREATE TABLE draw_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  parking_garage_id bigint NOT NULL REFERENCES parking_garages (id) ON DELETE CASCADE,
  preferred_slot_id bigint REFERENCES parking_slots (id) ON DELETE SET NULL,
  car_id bigint REFERENCES cars (id) ON DELETE SET NULL,
  date date NOT NULL,
  start_time time NOT NULL,
  end_time time NOT NULL,
  during tstzrange NOT NULL,
  reservation_type reservation_type NOT NULL CONSTRAINT draw_requests_type_check
    CHECK (reservation_type <> 'GUEST'),
  series_id uuid,
  send_notification boolean NOT NULL DEFAULT true,
  reminder_before_reservation interval CHECK (reminder_before_reservation >= interval '0'),
  draw_status draw_status NOT NULL DEFAULT 'PENDING',
  -- The reservation a WON request became.
  reservation_id bigint REFERENCES reservations (id) ON DELETE SET NULL,
  created timestamptz NOT NULL DEFAULT now(),
  created_by text,
  modefied timestamptz,
  modefied_by text,
  version integer NOT NULL DEFAULT 1,
  CONSTRAINT draw_requests_interval_check
    CHECK (start_time < end_time AND NOT isempty(during) AND lower_inc(during) AND NOT upper_inc(during)),
  CONSTRAINT draw_requests_series_check CHECK ((reservation_type = 'LONG') = (series_id IS NOT NULL))
);

-- A user needs one slot a day: at most one PENDING request a day, whatever the garage. Two requests racing for
-- one day meet here; the second is refused (409 ALREADY_REQUESTED).
CREATE UNIQUE INDEX draw_requests_one_pending_a_day ON draw_requests (user_id, date)
  WHERE draw_status = 'PENDING';
-- The draw's read: a garage's day, by status.
CREATE INDEX draw_requests_garage_date_status ON draw_requests (parking_garage_id, date, draw_status);
-- The user's list, the latest day first.
CREATE INDEX draw_requests_user_date ON draw_requests (user_id, date DESC, id);
CREATE INDEX draw_requests_reservation ON draw_requests (reservation_id) WHERE reservation_id IS NOT NULL;
