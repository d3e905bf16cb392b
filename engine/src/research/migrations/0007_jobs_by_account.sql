-- Up Migration

-- GET /research: an account's researches newest first, a page at a time (the cursor compares the same pair).
CREATE INDEX research_jobs_by_account ON research_jobs (account_id, created_at DESC, id DESC) WHERE purged_at IS NULL;

-- Down Migration

DROP INDEX research_jobs_by_account;
