-- [Screens 24] A cancellation stays EXPIRED with its interval (and end_time) cut at the moment of cancelling, so
-- the slot is free from then on and every rule that reads the interval stays as it is. What was lost is that it
-- was cancelled and which end it had been booked for: cancelled_at says the one, booked_end_time keeps the other,
-- so the lists can say "Cancelled" and show the times the reservation had. Both are null for every other row.
ALTER TABLE reservations ADD COLUMN cancelled_at timestamptz, ADD COLUMN booked_end_time time;
