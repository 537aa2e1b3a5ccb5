-- [People] Erasure (issue 27, item 4): an administrator anonymises a deactivated user. Their name, email,
-- plates and their reservations' guest details are replaced by a pseudonym, the reservations kept for the
-- statistics; the audit entries about them are pseudonymised too, which is the one rewrite the append-only
-- audit log allows (below). When it happened: users.anonymised_at (an anonymised user is never anonymised
-- again, and the directory may answer 404 for them).
ALTER TABLE users ADD COLUMN anonymised_at timestamptz;

-- The entries about a row, found without reading the whole log.
CREATE INDEX audit_log_table_row ON audit_log (table_name, row_id);

-- Every top-level string value of a row's image that `replacements` names (old value → pseudonym) replaced.
CREATE FUNCTION audit_replace_values(image jsonb, replacements jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN image IS NULL THEN NULL ELSE coalesce((
    SELECT jsonb_object_agg(e.key, CASE WHEN jsonb_typeof(e.value) = 'string' AND replacements ? (e.value #>> '{}')
      THEN replacements -> (e.value #>> '{}') ELSE e.value END)
    FROM jsonb_each(image) e), '{}'::jsonb) END
$$;

-- The one rewrite of the audit log: the values a pseudonymisation names, in the entries of the given rows of a
-- table. It opens the append-only guard for its own statement only.
CREATE FUNCTION audit_pseudonymise(audited_table text, row_ids text[], replacements jsonb) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('parkhere.audit_pseudonymise', 'on', true);
  UPDATE audit_log SET before = audit_replace_values(before, replacements),
      after = audit_replace_values(after, replacements)
    WHERE table_name = audited_table AND row_id = ANY (row_ids);
  PERFORM set_config('parkhere.audit_pseudonymise', '', true);
END
$$;

CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('parkhere.audit_pseudonymise', true) = 'on' THEN
    RETURN NULL;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
