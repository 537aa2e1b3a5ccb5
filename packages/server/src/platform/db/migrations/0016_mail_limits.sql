-- [Hardening 2] What users may make the server mail to people who did not ask for it (platform/mail/mail-limits.ts),
-- shared by every instance on the database: one counter per user (guest mails to outside addresses and the
-- doormen's instant notice, per hour) and per outside address (per day). `sent` counts the mails of the window
-- that began at `window_start`; the counter's row lock makes parallel mails count one after the other.
CREATE TABLE mail_limit_counts (
  scope text NOT NULL CHECK (scope IN ('user', 'recipient')),
  key text NOT NULL CHECK (length(key) BETWEEN 1 AND 320),
  window_start timestamptz NOT NULL,
  sent integer NOT NULL CHECK (sent >= 0),
  PRIMARY KEY (scope, key)
);
