-- audit_capture (0015) turned each row into jsonb once per use, not once: the planner inlined the subquery's
-- `to_jsonb(r)` into every `o.value -> key` of the update's diff, so an update serialised its old row once per
-- column (23 times a users row). Updating 10,000 users spent 9.5 s of 10.7 s in this trigger (EXPLAIN ANALYZE
-- of bench:import's UPDATE). Each row's jsonb is now made once, in a MATERIALIZED CTE, and its key read from it.
-- Same rows written to audit_log.
CREATE OR REPLACE FUNCTION audit_capture() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  key_columns text[] := string_to_array(TG_ARGV[0], ',');
  omitted text[] := coalesce(string_to_array(nullif(TG_ARGV[1], ''), ','), '{}');
  by_actor text := coalesce(nullif(current_setting('parkhere.actor', true), ''), 'system');
  by_reason text := nullif(current_setting('parkhere.reason', true), '');
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH r AS MATERIALIZED (SELECT to_jsonb(n) AS value FROM new_rows n)
    INSERT INTO audit_log (actor, reason, table_name, row_id, action, after)
    SELECT by_actor, by_reason, TG_TABLE_NAME, audit_row_id(r.value, key_columns), 'INSERT', r.value - omitted
    FROM r;
  ELSIF TG_OP = 'DELETE' THEN
    WITH r AS MATERIALIZED (SELECT to_jsonb(o) AS value FROM old_rows o)
    INSERT INTO audit_log (actor, reason, table_name, row_id, action, before)
    SELECT by_actor, by_reason, TG_TABLE_NAME, audit_row_id(r.value, key_columns), 'DELETE', r.value - omitted
    FROM r;
  ELSE
    -- A row is paired with itself by its key; an update that changed no column records nothing.
    WITH old_values AS MATERIALIZED (SELECT to_jsonb(r) AS value FROM old_rows r),
      new_values AS MATERIALIZED (SELECT to_jsonb(r) AS value FROM new_rows r),
      o AS MATERIALIZED (SELECT audit_row_id(value, key_columns) AS row_id, value FROM old_values),
      n AS MATERIALIZED (SELECT audit_row_id(value, key_columns) AS row_id, value FROM new_values)
    INSERT INTO audit_log (actor, reason, table_name, row_id, action, before, after)
    SELECT by_actor, by_reason, TG_TABLE_NAME, o.row_id, 'UPDATE', d.before, d.after
    FROM o JOIN n ON n.row_id = o.row_id
    CROSS JOIN LATERAL (
      SELECT jsonb_object_agg(c.key, o.value -> c.key) AS before, jsonb_object_agg(c.key, c.value) AS after
      FROM jsonb_each(n.value) c
      WHERE c.key <> ALL (omitted) AND c.value IS DISTINCT FROM o.value -> c.key) d
    WHERE d.after IS NOT NULL;
  END IF;
  RETURN NULL;
END
$$;
