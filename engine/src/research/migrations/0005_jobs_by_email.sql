-- Up Migration

-- An account's research of one e-mail address: the Autopilot's "research each contact only once" looks
-- for an earlier brief of a contact before it starts (and pays for) a new one.
CREATE INDEX research_jobs_by_email ON research_jobs (account_id, email) WHERE purged_at IS NULL;

-- Down Migration

DROP INDEX research_jobs_by_email;
