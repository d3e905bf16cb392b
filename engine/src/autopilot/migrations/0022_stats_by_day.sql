-- Up Migration

-- GET /autopilot/stats/daily reads a period of an account's leads, touches and credits by time: each
-- part of its statement walks one of these instead of every row of the account.
CREATE INDEX autopilot_leads_enrolled ON autopilot_leads (account_id, enrolled_at);
CREATE INDEX autopilot_leads_ended ON autopilot_leads (account_id, ended_at) WHERE ended_at IS NOT NULL;
CREATE INDEX autopilot_touches_ended ON autopilot_touches (account_id, ended_at) WHERE state IN ('sent', 'skipped');
CREATE INDEX autopilot_touches_held ON autopilot_touches (account_id, planned_at) WHERE held_reason IS NOT NULL;
CREATE INDEX credit_ledger_by_account_time ON credit_ledger (account_id, created_at);

-- Down Migration

DROP INDEX credit_ledger_by_account_time;
DROP INDEX autopilot_touches_held;
DROP INDEX autopilot_touches_ended;
DROP INDEX autopilot_leads_ended;
DROP INDEX autopilot_leads_enrolled;
