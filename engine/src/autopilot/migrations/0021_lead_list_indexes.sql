-- Up Migration

-- GET /autopilot/leads reads each page from an index in its sort's order, filtered or not, so a page
-- costs the same at 100,000 leads as at ten (newest and oldest first read autopilot_leads_by_account,
-- one Autopilot's autopilot_leads_by_autopilot).
-- Those that ended last first, active ones after them (the cursor compares the same expression).
CREATE INDEX autopilot_leads_by_end ON autopilot_leads (account_id, (coalesce(ended_at, '-infinity'::timestamptz)) DESC, id DESC);
-- One outcome, or one end reason, newest first.
CREATE INDEX autopilot_leads_by_outcome ON autopilot_leads (account_id, outcome, id DESC);
CREATE INDEX autopilot_leads_by_end_reason ON autopilot_leads (account_id, end_reason, id DESC) WHERE end_reason IS NOT NULL;
-- A range of enrolment dates.
CREATE INDEX autopilot_leads_by_enrolment ON autopilot_leads (account_id, enrolled_at);
-- The search by the start of an address (LIKE 'jane%'): addresses are stored lower-case.
CREATE INDEX autopilot_contacts_by_email ON autopilot_contacts (account_id, email text_pattern_ops) WHERE email IS NOT NULL;

-- Down Migration

DROP INDEX autopilot_contacts_by_email;
DROP INDEX autopilot_leads_by_enrolment;
DROP INDEX autopilot_leads_by_end_reason;
DROP INDEX autopilot_leads_by_outcome;
DROP INDEX autopilot_leads_by_end;
