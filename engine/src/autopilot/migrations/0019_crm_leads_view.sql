-- Up Migration

-- What a CRM app reads of its contacts' leads, a view the engine keeps stable for extension packages
-- (docs/engine.md, "Extension packages"): one row per lead, with its contact's removal, its Autopilot's
-- name, its research and when its last touch was sent. The HubSpot app joins it to its own tables to
-- write leads back to contacts and briefs as notes. Columns are only ever added; a change to one is a new view.
CREATE VIEW autopilot_crm_leads AS
SELECT l.id AS lead_id, l.account_id, l.source, l.contact_id, c.removed_at AS contact_removed_at,
       a.name AS autopilot_name, l.outcome, l.end_reason, l.enrolled_at,
       l.research_id, r.status AS research_status, r.finished_at AS research_finished_at, r.purged_at AS research_purged_at,
       r.empty_reason AS research_empty_reason, r.result AS research_result,
       (SELECT max(t.sent_at) FROM autopilot_touches t WHERE t.lead_id = l.id AND t.state = 'sent') AS last_touch_sent_at
FROM autopilot_leads l
JOIN autopilot_contacts c ON c.account_id = l.account_id AND c.source = l.source AND c.contact_id = l.contact_id
JOIN autopilots a ON a.id = l.autopilot_id
LEFT JOIN research_jobs r ON r.id = l.research_id;

-- Down Migration

DROP VIEW autopilot_crm_leads;
