-- [Operations] The job queue as administrators read it (issue 30, item 3; modules/failed-jobs): every job with
-- its attempts as the engine's version, so a retry of a job that ran again meanwhile is judged on its state
-- then. A view, as the log's audit_entries (0032), so the source names a relation the schema really has.
CREATE VIEW job_entries AS
  SELECT j.*, j.attempts AS version FROM jobs j;
