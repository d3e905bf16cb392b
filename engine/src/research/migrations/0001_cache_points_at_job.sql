-- Up Migration

-- A cached brief is the result of the job that researched it: the cache now points at that job
-- instead of holding a second copy of the brief (every research wrote its brief twice). Cached rows
-- from before hold no job, so they are dropped: the next request for each researches again.
DELETE FROM research_cache;
ALTER TABLE research_cache
  DROP COLUMN data,
  ADD COLUMN research_id uuid NOT NULL REFERENCES research_jobs (id) ON DELETE CASCADE;

-- Down Migration

DELETE FROM research_cache;
ALTER TABLE research_cache
  DROP COLUMN research_id,
  ADD COLUMN data jsonb NOT NULL;
