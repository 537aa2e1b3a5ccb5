-- [People] Leavers (issue 27, item 1): when a deactivated user's leaving ran (the userLeft hooks released what
-- they held: future reservations, waitlist places, pending draw requests, calendar feed, sign-ins). A user made
-- inactive by another path (SQL, an import, before this migration) has none, so sign-in, finding them
-- inactive, completes their leaving once. Reactivation clears it: a later deactivation is a leaving again.
ALTER TABLE users ADD COLUMN left_at timestamptz;

CREATE FUNCTION users_clear_left_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.left_at := NULL;
  RETURN NEW;
END;
$$;

CREATE TRIGGER users_clear_left_at
  BEFORE UPDATE OF is_active ON users
  FOR EACH ROW WHEN (NEW.is_active AND NOT OLD.is_active)
  EXECUTE FUNCTION users_clear_left_at();
