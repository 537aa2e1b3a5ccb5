-- [Insight] The audit log read by administrators (issue 28, items 7-8): where a change came from, the log listed
-- newest first with keyset paging, and its retention.

-- Where a change made in a request came from: the client's address (as TRUSTED_PROXIES lets the server believe
-- it) and its user agent, stamped on the transaction beside its actor (platform/db/actor-stamp.ts) and taken,
-- as `at` and `transaction_id` are, by the columns' defaults when audit_capture() inserts. NULL for a job's or
-- the app's own changes, which no request made.
ALTER TABLE audit_log
  ADD COLUMN address text DEFAULT nullif(current_setting('parkhere.address', true), ''),
  ADD COLUMN user_agent text DEFAULT nullif(current_setting('parkhere.user_agent', true), '');

-- The log as it is read (modules/audit lists it for administrators, as the contract's AuditEntry names its
-- columns): the entries, each at the engine's __version 0, as an entry never changes.
CREATE VIEW audit_entries AS
  SELECT id, at, actor, reason, address, user_agent, table_name AS entity_type, row_id AS entity_id, action,
    before, after, 0 AS version
  FROM audit_log;

-- Newest first, page after page, and the pruning's oldest ones: both by (at, id).
CREATE INDEX audit_log_at ON audit_log (at, id);

-- How many months the log keeps its entries; the daily audit.prune job removes the older ones (default 24).
ALTER TABLE configuration ADD COLUMN audit_retention_months integer NOT NULL DEFAULT 24
  CONSTRAINT configuration_audit_retention_months_check CHECK (audit_retention_months BETWEEN 1 AND 120);

-- The one removal the append-only log allows: the entries older than the retention, by the daily job. It opens
-- the guard for its own statement only, and only for rows older than `older_than`; answers how many went.
CREATE FUNCTION audit_prune(older_than timestamptz, batch integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  removed integer;
BEGIN
  PERFORM set_config('parkhere.audit_prune_before', older_than::text, true);
  DELETE FROM audit_log WHERE id IN (
    SELECT id FROM audit_log WHERE at < older_than ORDER BY at, id LIMIT batch);
  GET DIAGNOSTICS removed = ROW_COUNT;
  PERFORM set_config('parkhere.audit_prune_before', '', true);
  RETURN removed;
END
$$;

-- Updates (but a pseudonymisation's) and truncation stay refused for the whole statement, as before.
DROP TRIGGER audit_log_append_only ON audit_log;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();

-- A delete is judged row by row: only an entry older than the pruning's bound, inside audit_prune.
CREATE FUNCTION audit_log_refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bound text := nullif(current_setting('parkhere.audit_prune_before', true), '');
BEGIN
  IF bound IS NOT NULL AND OLD.at < bound::timestamptz THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: DELETE refused' USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE TRIGGER audit_log_prune_only BEFORE DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_delete();
