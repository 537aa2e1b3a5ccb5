-- [Hardening 2] A deactivated user's calendar feed answers 404; reactivated, the address handed out before must
-- not come back (it may have been shared, or found, while the account was off). A change of users.is_active by
-- whatever path (the administrator's user view, SQL, a future import) raises the feed's generation, so the user
-- gets a new address and the old one stays dead.
CREATE FUNCTION calendar_feed_follows_activation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE calendar_feeds SET generation = generation + 1, changed = now() WHERE user_id = NEW.id;
  RETURN NULL;
END;
$$;

CREATE TRIGGER calendar_feed_follows_activation
  AFTER UPDATE OF is_active ON users
  FOR EACH ROW WHEN (OLD.is_active IS DISTINCT FROM NEW.is_active)
  EXECUTE FUNCTION calendar_feed_follows_activation();
