-- Up Migration

-- Why a completed brief holds nothing (emptyBrief.ts): NULL when it holds something. Briefs completed
-- before this column existed read NULL too: what their sources did was not recorded.
ALTER TABLE research_jobs
  ADD COLUMN empty_reason text CHECK (empty_reason IN ('no_sources_configured', 'nothing_found', 'sources_failed'));

-- Down Migration

ALTER TABLE research_jobs DROP COLUMN empty_reason;
