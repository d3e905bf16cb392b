-- Up Migration

-- contact.* events take only the explanation's text: read it from the json as stored, instead of
-- converting the whole explanation (every skip rule, Autopilot and rule checked) to jsonb first.
CREATE OR REPLACE FUNCTION events_from_contacts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO events (account_id, type, occurred_at, autopilot_id, contact_id, data)
  SELECT n.account_id, 'contact.' || n.state, coalesce(n.decided_at, now()), n.autopilot_id, n.contact_id,
         jsonb_build_object('contact', events_contact(n), 'reason', n.reason, 'explanation', (n.explanation -> 'text')::jsonb)
  FROM new_contacts n LEFT JOIN old_contacts o ON o.account_id = n.account_id AND o.contact_id = n.contact_id
  WHERE n.state IN ('skipped', 'waiting', 'abandoned')
    AND (o.contact_id IS NULL OR o.state IS DISTINCT FROM n.state OR o.reason IS DISTINCT FROM n.reason)
  ORDER BY n.contact_id;
  RETURN NULL;
END $$;

-- Down Migration

CREATE OR REPLACE FUNCTION events_from_contacts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO events (account_id, type, occurred_at, autopilot_id, contact_id, data)
  SELECT n.account_id, 'contact.' || n.state, coalesce(n.decided_at, now()), n.autopilot_id, n.contact_id,
         jsonb_build_object('contact', events_contact(n), 'reason', n.reason, 'explanation', n.explanation::jsonb -> 'text')
  FROM new_contacts n LEFT JOIN old_contacts o ON o.account_id = n.account_id AND o.contact_id = n.contact_id
  WHERE n.state IN ('skipped', 'waiting', 'abandoned')
    AND (o.contact_id IS NULL OR o.state IS DISTINCT FROM n.state OR o.reason IS DISTINCT FROM n.reason)
  ORDER BY n.contact_id;
  RETURN NULL;
END $$;
