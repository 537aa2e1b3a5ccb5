-- [Insight] Utilisation reports (issue 28, items 1-4). The day window a report measures a garage's occupancy
-- in: the configured working hours (08:00-18:00 unless set), or the garage's own when it has both ends. The end
-- may be 24:00 (the whole day; a DST day's window is then 23 or 25 hours long).
ALTER TABLE configuration
  ADD COLUMN working_hours_start time NOT NULL DEFAULT '08:00',
  ADD COLUMN working_hours_end time NOT NULL DEFAULT '18:00',
  ADD CONSTRAINT configuration_working_hours_check CHECK (working_hours_start < working_hours_end);

ALTER TABLE parking_garages
  ADD COLUMN working_hours_start time,
  ADD COLUMN working_hours_end time,
  ADD CONSTRAINT parking_garages_working_hours_check CHECK (
    (working_hours_start IS NULL) = (working_hours_end IS NULL)
    AND (working_hours_start IS NULL OR working_hours_start < working_hours_end)
  );
