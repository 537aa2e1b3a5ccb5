-- [Pools] Groups of users with rules of their own (modules/groups). A rule left NULL is not set by the group:
-- for it the group's members keep today's value (the configuration's horizon, the user's own quotas). A user
-- in several groups gets the most generous value of each rule (groups/rules/effective-rules.ts).
CREATE TABLE groups (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL CONSTRAINT groups_name_check CHECK (name = btrim(name) AND length(name) BETWEEN 1 AND 100),
  -- The directory's id of the group (SCIM externalId), when the directory maintains it.
  external_id text CONSTRAINT groups_external_id_check CHECK (length(external_id) BETWEEN 1 AND 255),
  max_days_in_advance integer CONSTRAINT groups_max_days_in_advance_check
    CHECK (max_days_in_advance BETWEEN 0 AND 365),
  max_normal_reservation integer CONSTRAINT groups_max_normal_reservation_check
    CHECK (max_normal_reservation BETWEEN 0 AND 100),
  max_long_reservation integer CONSTRAINT groups_max_long_reservation_check
    CHECK (max_long_reservation BETWEEN 0 AND 100),
  -- When the group's pool slots are offered to everybody: that time, that many working days before the day.
  pool_release_time time NOT NULL DEFAULT '14:00',
  pool_release_working_days_before integer NOT NULL DEFAULT 1
    CONSTRAINT groups_pool_release_working_days_before_check CHECK (pool_release_working_days_before BETWEEN 0 AND 30),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX groups_name_key ON groups (lower(name));
CREATE UNIQUE INDEX groups_external_id_key ON groups (external_id);
CREATE INDEX groups_name_id ON groups (name, id);

CREATE TABLE group_members (
  group_id bigint NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (group_id, user_id)
);
-- The effective rules of a user are read by user: one index scan, whatever the number of groups.
CREATE INDEX group_members_user ON group_members (user_id, group_id);

-- A membership that comes or goes, or a group's rules that change, may change what a user may hold (a
-- membership that goes may also give back today's more generous value): their waiting entries may be served.
CREATE FUNCTION waitlist_after_group_members_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM waitlist_queue_promotions(ARRAY(
    SELECT DISTINCT w.date FROM changed_rows m
      JOIN waitlist_entries w ON w.user_id = m.user_id AND w.waitlist_status = 'WAITING'));
  RETURN NULL;
END
$$;

CREATE TRIGGER group_members_insert_waitlist_promotion AFTER INSERT ON group_members
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION waitlist_after_group_members_change();

CREATE TRIGGER group_members_delete_waitlist_promotion AFTER DELETE ON group_members
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION waitlist_after_group_members_change();

CREATE FUNCTION waitlist_after_groups_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM waitlist_queue_promotions(ARRAY(
    SELECT DISTINCT w.date FROM old_rows o JOIN new_rows n ON n.id = o.id
      JOIN group_members m ON m.group_id = n.id
      JOIN waitlist_entries w ON w.user_id = m.user_id AND w.waitlist_status = 'WAITING'
    WHERE (n.max_days_in_advance, n.max_normal_reservation, n.max_long_reservation)
      IS DISTINCT FROM (o.max_days_in_advance, o.max_normal_reservation, o.max_long_reservation)));
  RETURN NULL;
END
$$;

CREATE TRIGGER groups_waitlist_promotion AFTER UPDATE ON groups
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION waitlist_after_groups_update();
