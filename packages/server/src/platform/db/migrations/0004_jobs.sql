-- The durable job queue (DESIGN §4 notifications, §8 scale): one table, claimed with FOR UPDATE SKIP LOCKED
-- and a lease, so each job runs once however many server instances poll it; PGlite and PostgreSQL alike.
CREATE TABLE jobs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (length(kind) BETWEEN 1 AND 100),
  payload jsonb NOT NULL DEFAULT '{}',
  -- Enqueueing the same notification twice keeps one job, whatever state it reached.
  idempotency_key text CHECK (length(idempotency_key) <= 255),
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done', 'dead')),
  run_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  max_attempts integer NOT NULL DEFAULT 5 CHECK (max_attempts >= 1),
  -- A claim is a lease: a worker that dies mid-job leaves the job to another once the lease ends.
  claim_token uuid,
  locked_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);

CREATE UNIQUE INDEX jobs_idempotency_key ON jobs (idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX jobs_due ON jobs (run_at, id) WHERE state = 'pending';
CREATE INDEX jobs_kind_state ON jobs (kind, state);

-- The language of a user's notification mail; existing users get the interface default.
ALTER TABLE users ADD COLUMN locale text DEFAULT 'hu-HU' CHECK (locale IN ('hu-HU', 'en-US'));
