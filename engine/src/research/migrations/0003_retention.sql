-- Up Migration

-- Retention (RESEARCH_RETENTION_DAYS, retention.ts): a finished job older than the setting keeps its row,
-- which the credit ledger refers to (billing stays whole), but loses what it held about the prospect:
-- the e-mail, the request's fields, the brief and the Idempotency-Key. `purged_at` says when.
ALTER TABLE research_jobs
  ADD COLUMN purged_at timestamptz,
  ALTER COLUMN email DROP NOT NULL,
  ADD CONSTRAINT research_jobs_purged_finished CHECK (purged_at IS NULL OR status IN ('completed', 'failed')),
  ADD CONSTRAINT research_jobs_email_until_purged CHECK (email IS NOT NULL OR purged_at IS NOT NULL),
  DROP CONSTRAINT research_jobs_check,
  ADD CONSTRAINT research_jobs_result_until_purged CHECK ((status = 'completed' AND purged_at IS NULL) = (result IS NOT NULL));

-- The sweeper's way to the oldest finished jobs not yet purged.
CREATE INDEX research_jobs_retained ON research_jobs (finished_at) WHERE purged_at IS NULL AND finished_at IS NOT NULL;

-- A person's id (by e-mail or profile URL) is kept while research about them is: each research that
-- asks for it marks it seen, and the sweeper deletes those not seen within the retention period.
ALTER TABLE people ADD COLUMN seen_at timestamptz NOT NULL DEFAULT now();

-- Down Migration

-- The older schema cannot hold a purged job, and deleting one would delete its ledger entries with it.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM research_jobs WHERE purged_at IS NOT NULL) THEN
    RAISE EXCEPTION 'research jobs were purged by retention: the schema before it cannot hold them (their credit ledger entries refer to them)';
  END IF;
END $$;
ALTER TABLE people DROP COLUMN seen_at;
DROP INDEX research_jobs_retained;
ALTER TABLE research_jobs
  DROP CONSTRAINT research_jobs_result_until_purged,
  ADD CONSTRAINT research_jobs_check CHECK ((status = 'completed') = (result IS NOT NULL)),
  DROP CONSTRAINT research_jobs_email_until_purged,
  DROP CONSTRAINT research_jobs_purged_finished,
  ALTER COLUMN email SET NOT NULL,
  DROP COLUMN purged_at;
