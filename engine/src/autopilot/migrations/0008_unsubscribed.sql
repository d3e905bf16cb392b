-- Up Migration

-- Routing's look-up of the account's addresses that unsubscribed (never contacted again).
CREATE INDEX autopilot_leads_unsubscribed ON autopilot_leads (account_id) WHERE end_reason = 'unsubscribed';

-- Down Migration

DROP INDEX autopilot_leads_unsubscribed;
