-- [Architecture 2] The audit seam: every change of an audited table is captured in the database, in the
-- transaction that makes it, so no write path can forget it (as with 0009's promotion triggers). Who made it
-- comes from a transaction-local stamp the entry points set (platform/db/actor-stamp.ts):
-- set_config('parkhere.actor', …, true) and, for business events, set_config('parkhere.reason', …, true). A
-- change without a stamp is the system's. Which tables are audited is declared by their modules (`audited` in
-- a module's index.ts); at start platform/db/audit.ts attaches audit_capture() to exactly those tables.

CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The transaction's start (now()): every change of one transaction has the same time and transaction_id.
  at timestamptz NOT NULL DEFAULT now(),
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  actor text NOT NULL,
  reason text,
  table_name text NOT NULL,
  -- The row's primary key as text; the columns of a composite key joined by commas.
  row_id text NOT NULL,
  action text NOT NULL CHECK (action IN ('INSERT', 'UPDATE', 'DELETE')),
  -- INSERT: after is the row; DELETE: before is the row; UPDATE: only the columns that changed, both sides.
  before jsonb,
  after jsonb
);

-- Append-only: nothing may rewrite or remove what was recorded (retention and erasure come with [Insight]
-- and [People], as migrations of their own).
CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();

-- The key of a row (as jsonb) as audit_log.row_id.
CREATE FUNCTION audit_row_id(row_value jsonb, key_columns text[]) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN cardinality(key_columns) = 1 THEN row_value ->> key_columns[1]
    ELSE array_to_string(ARRAY(SELECT row_value ->> k FROM unnest(key_columns) k), ',') END
$$;

-- One generic statement-level trigger: one INSERT … SELECT per statement over its transition tables, whatever
-- the number of rows. Arguments: the table's primary-key columns and the columns never copied (e.g. a file's
-- bytes), each comma-separated. Transition tables allow one event per trigger, so a table gets three.
CREATE FUNCTION audit_capture() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  key_columns text[] := string_to_array(TG_ARGV[0], ',');
  omitted text[] := coalesce(string_to_array(nullif(TG_ARGV[1], ''), ','), '{}');
  by_actor text := coalesce(nullif(current_setting('parkhere.actor', true), ''), 'system');
  by_reason text := nullif(current_setting('parkhere.reason', true), '');
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO audit_log (actor, reason, table_name, row_id, action, after)
    SELECT by_actor, by_reason, TG_TABLE_NAME, audit_row_id(r.value, key_columns), 'INSERT', r.value - omitted
    FROM (SELECT to_jsonb(n) AS value FROM new_rows n) r;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO audit_log (actor, reason, table_name, row_id, action, before)
    SELECT by_actor, by_reason, TG_TABLE_NAME, audit_row_id(r.value, key_columns), 'DELETE', r.value - omitted
    FROM (SELECT to_jsonb(o) AS value FROM old_rows o) r;
  ELSE
    -- A row is paired with itself by its key; an update that changed no column records nothing.
    INSERT INTO audit_log (actor, reason, table_name, row_id, action, before, after)
    SELECT by_actor, by_reason, TG_TABLE_NAME, o.row_id, 'UPDATE', d.before, d.after
    FROM (SELECT audit_row_id(to_jsonb(r), key_columns) AS row_id, to_jsonb(r) AS value FROM old_rows r) o
    JOIN (SELECT audit_row_id(to_jsonb(r), key_columns) AS row_id, to_jsonb(r) AS value FROM new_rows r) n
      ON n.row_id = o.row_id
    CROSS JOIN LATERAL (
      SELECT jsonb_object_agg(c.key, o.value -> c.key) AS before, jsonb_object_agg(c.key, c.value) AS after
      FROM jsonb_each(n.value) c
      WHERE c.key <> ALL (omitted) AND c.value IS DISTINCT FROM o.value -> c.key) d
    WHERE d.after IS NOT NULL;
  END IF;
  RETURN NULL;
END
$$;
