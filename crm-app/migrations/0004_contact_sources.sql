-- Up Migration

-- Contacts now belong to a source (engine migration autopilot/0015): the app's are `hubspot:<portal id>`,
-- so that two portals linked to one account, or a portal and the account's API, never share a contact.
-- Contacts the app sent before sit in the account's `api` source; each moves to its portal's:
-- 1. where the portal's own records name it (its webhook events, kept 7 days; what writeback wrote to it;
--    the research notes logged on it), to the portal named first (two portals naming one id of one
--    account had been merged into one contact: the bug sources fix);
-- 2. otherwise, in an account linked to exactly one portal, a HubSpot-shaped id (digits) received after
--    that portal was installed.
-- The rest stay `api`. Leads follow their contact (ON UPDATE CASCADE). A move is not a routing decision:
-- the table's own triggers (the events outbox) are paused while the rows move.
CREATE TEMPORARY TABLE hubspot_moved_contacts ON COMMIT DROP AS
WITH evidence AS (
  SELECT portal_id, object_id::text AS contact_id, received_at AS seen_at FROM hubspot_events WHERE subscription_type LIKE 'contact.%'
  UNION ALL SELECT portal_id, contact_id, written_at FROM hubspot_written
  UNION ALL SELECT portal_id, contact_id, created_at FROM hubspot_notes
), named AS (
  SELECT DISTINCT ON (p.account_id, e.contact_id) p.account_id, e.contact_id, e.portal_id
  FROM evidence e JOIN hubspot_portals p ON p.portal_id = e.portal_id
  ORDER BY p.account_id, e.contact_id, e.seen_at, e.portal_id
), only_portal AS (
  SELECT account_id, min(portal_id) AS portal_id, min(installed_at) AS installed_at FROM hubspot_portals GROUP BY account_id HAVING count(*) = 1
)
SELECT c.account_id, c.contact_id, 'hubspot:' || coalesce(n.portal_id, o.portal_id) AS source
FROM autopilot_contacts c
LEFT JOIN named n ON n.account_id = c.account_id AND n.contact_id = c.contact_id
LEFT JOIN only_portal o ON o.account_id = c.account_id AND c.contact_id ~ '^[0-9]{1,18}$' AND c.received_at >= o.installed_at
WHERE c.source = 'api' AND coalesce(n.portal_id, o.portal_id) IS NOT NULL;

ALTER TABLE autopilot_contacts DISABLE TRIGGER USER;
UPDATE autopilot_contacts c SET source = m.source
FROM hubspot_moved_contacts m WHERE c.account_id = m.account_id AND c.source = 'api' AND c.contact_id = m.contact_id;
ALTER TABLE autopilot_contacts ENABLE TRIGGER USER;

-- Their events (when the events module keeps an outbox) name the source too.
DO $$
BEGIN
  IF to_regclass('events') IS NOT NULL THEN
    UPDATE events e SET contact_source = m.source
    FROM hubspot_moved_contacts m WHERE e.account_id = m.account_id AND e.contact_id = m.contact_id AND e.contact_source = 'api';
  END IF;
END $$;

-- A deletion is now a lasting fact on the contact (removed_at); the deletions still on record carry over.
UPDATE autopilot_contacts c SET removed_at = d.processed_at
FROM (SELECT p.account_id, 'hubspot:' || e.portal_id AS source, e.object_id::text AS contact_id, min(e.processed_at) AS processed_at
      FROM hubspot_events e JOIN hubspot_portals p ON p.portal_id = e.portal_id
      WHERE e.subscription_type IN ('contact.deletion', 'contact.privacyDeletion', 'object.deletion') AND e.processed_at IS NOT NULL
      GROUP BY 1, 2, 3) d
WHERE c.account_id = d.account_id AND c.source = d.source AND c.contact_id = d.contact_id AND c.removed_at IS NULL;

-- Down Migration

-- Sources and removals stay as they are: the engine's down migration (autopilot/0015) folds sources away.
SELECT 1;
