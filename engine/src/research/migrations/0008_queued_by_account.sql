-- Up Migration

-- Fair queuing (jobs.ts, queueResearch): how many jobs an account has waiting, counted each time one is queued.
CREATE INDEX research_jobs_queued_by_account ON research_jobs (account_id) WHERE status = 'queued';

-- Down Migration

DROP INDEX research_jobs_queued_by_account;
