-- Whether a slot is free on a day, by an index-only scan: availability counts probe every offered slot of every
-- asked day (1,587 probes for two weeks of one user on bench:api's data), and the GiST exclusion index answered
-- each probe in about 0.03 ms, most of the statement. The btree on the slot and the date, carrying the interval,
-- answers the same probe from the index alone (modules/reservations/slot-queries.ts, freeDuring).
CREATE INDEX IF NOT EXISTS reservations_active_slot_day ON reservations (parking_slot_id, date) INCLUDE (during)
  WHERE reservation_status = 'ACTIVE';
