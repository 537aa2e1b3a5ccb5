-- What every server on one database must agree on (issue 11 item 8), kept in the database instead of each
-- instance's DATA_DIR: several instances behind a load balancer sign, verify, issue tokens and serve files alike.

-- Secrets generated once, by whichever instance starts first (INSERT … ON CONFLICT DO NOTHING, then read):
-- the signing secret of signed identifiers and file tokens ('signing-secret', unless SIGNING_SECRET is set)
-- and the embedded provider's signing keys and cookie keys ('idp-keys', JSON).
CREATE TABLE shared_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- An upload's bytes. Files uploaded before this migration keep their bytes under the DATA_DIR that received
-- them (`path`, relative to it); new ones have `content` instead.
ALTER TABLE files
  ADD COLUMN content bytea,
  ALTER COLUMN path DROP NOT NULL,
  ADD CONSTRAINT files_content_or_path CHECK ((content IS NULL) <> (path IS NULL));
-- Images and PDFs are compressed already: store them out of line without trying again.
ALTER TABLE files ALTER COLUMN content SET STORAGE EXTERNAL;
