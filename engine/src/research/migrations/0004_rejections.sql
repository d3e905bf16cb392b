-- Up Migration

-- What the writer did for a completed job's brief (docs/api.md, "Grounding"): the generated texts the
-- grounding checks rejected, each with its field, text, rules, reason and outcome, and the requests
-- sent to the model. NULL when no writer ran (none configured, nothing to write about, or it failed)
-- and for jobs completed before this column existed. A cached brief carries the rejections of the job
-- that researched it, and 0 calls. Retention erases the rejections with the brief: they quote it.
ALTER TABLE research_jobs
  ADD COLUMN rejections jsonb CHECK (jsonb_typeof(rejections) = 'array'),
  ADD COLUMN writer_calls integer CHECK (writer_calls >= 0);

-- Down Migration

ALTER TABLE research_jobs DROP COLUMN rejections, DROP COLUMN writer_calls;
