-- [People] Retention (issue 27, item 6): after configuration.retention_months (default 24) the details of
-- reservations and waitlist places that name people (plates, guests, who made or changed them) are replaced,
-- the rows kept for the statistics, by the daily `retention` job. anonymised_at marks a row done, so a run
-- again (after a crash, or the next day) changes nothing more. The bounds are checked by the configuration's
-- own rule first (422); the check is the database's guard against a write around the API.
ALTER TABLE configuration ADD COLUMN retention_months integer NOT NULL DEFAULT 24
  CONSTRAINT configuration_retention_months_check CHECK (retention_months BETWEEN 1 AND 120);

ALTER TABLE reservations ADD COLUMN anonymised_at timestamptz;
ALTER TABLE waitlist_entries ADD COLUMN anonymised_at timestamptz;

-- The rows a run still has to do, by day: every row until its retention comes, so each run reads only its days.
CREATE INDEX reservations_retention_due ON reservations (date) WHERE anonymised_at IS NULL;
CREATE INDEX waitlist_entries_retention_due ON waitlist_entries (date) WHERE anonymised_at IS NULL;
