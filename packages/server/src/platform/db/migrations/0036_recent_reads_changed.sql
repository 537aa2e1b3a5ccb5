-- [People] A leaver is refused at once on every instance (issue 27, item 1). Each instance remembers who an
-- actor is and the rule settings for a few seconds (platform/auth's RecentReads). A change to what those are
-- read from signals every instance to forget them: NOTIFY is delivered when the changing transaction commits
-- (never if it rolls back), to every instance listening on the channel, whichever path made the change
-- (an administrator's Save, the directory, sign-in, SQL). Statement-level: one signal per statement however
-- many rows, and PostgreSQL folds a transaction's identical signals into one.
CREATE FUNCTION signal_recent_reads_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('recent_reads_changed', '');
  RETURN NULL;
END;
$$;

-- A user's row is their actor (active, administrator, rights, quotas); a doorman's email makes a doorman.
CREATE TRIGGER users_recent_reads_changed
  AFTER UPDATE OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION signal_recent_reads_changed();

CREATE TRIGGER doormen_recent_reads_changed
  AFTER INSERT OR UPDATE OR DELETE ON doormen
  FOR EACH STATEMENT EXECUTE FUNCTION signal_recent_reads_changed();

-- The rule settings: the zone, the horizon and the additional days.
CREATE TRIGGER configuration_recent_reads_changed
  AFTER INSERT OR UPDATE OR DELETE ON configuration
  FOR EACH STATEMENT EXECUTE FUNCTION signal_recent_reads_changed();

CREATE TRIGGER additional_days_recent_reads_changed
  AFTER INSERT OR UPDATE OR DELETE ON additional_days
  FOR EACH STATEMENT EXECUTE FUNCTION signal_recent_reads_changed();
