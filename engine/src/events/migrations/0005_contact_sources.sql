-- Up Migration

-- Contacts are one (account, source, id) (autopilot migration 0015): events name the contact's source
-- beside its id, and the triggers join contacts and leads on all three, so two contacts sharing an id in
-- two sources (two HubSpot portals) never lend each other an event.
ALTER TABLE events ADD COLUMN contact_source text;
UPDATE events SET contact_source = 'api' WHERE contact_id IS NOT NULL;

CREATE OR REPLACE FUNCTION events_contact(c autopilot_contacts) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object('id', c.contact_id, 'source', c.source, 'email', c.email, 'properties', c.properties)
$$;

CREATE OR REPLACE FUNCTION events_from_contacts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO events (account_id, type, occurred_at, autopilot_id, contact_source, contact_id, data)
  SELECT n.account_id, 'contact.' || n.state, coalesce(n.decided_at, now()), n.autopilot_id, n.source, n.contact_id,
         jsonb_build_object('contact', events_contact(n), 'reason', n.reason, 'explanation', (n.explanation -> 'text')::jsonb)
  FROM new_contacts n LEFT JOIN old_contacts o ON o.account_id = n.account_id AND o.source = n.source AND o.contact_id = n.contact_id
  WHERE n.state IN ('skipped', 'waiting', 'abandoned')
    AND (o.contact_id IS NULL OR o.state IS DISTINCT FROM n.state OR o.reason IS DISTINCT FROM n.reason)
  ORDER BY n.source, n.contact_id;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION events_from_new_leads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO events (account_id, type, occurred_at, autopilot_id, lead_id, contact_source, contact_id, data)
  SELECT l.account_id, 'lead.enrolled', l.enrolled_at, l.autopilot_id, l.id, l.source, l.contact_id,
         jsonb_build_object('contact', events_contact(c), 'autopilot', a.name, 'enrolled_by', l.enrolled_by, 'research_id', l.research_id,
                            'research_reused', l.research_reused)
  FROM new_leads l JOIN autopilot_contacts c ON c.account_id = l.account_id AND c.source = l.source AND c.contact_id = l.contact_id
  JOIN autopilots a ON a.id = l.autopilot_id
  ORDER BY l.id;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION events_from_ended_leads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO events (account_id, type, occurred_at, autopilot_id, lead_id, contact_source, contact_id, data)
  SELECT n.account_id, CASE WHEN n.outcome = 'Responded' THEN 'lead.responded' ELSE 'lead.closed' END, coalesce(n.ended_at, now()),
         n.autopilot_id, n.id, n.source, n.contact_id,
         jsonb_build_object('contact', events_contact(c), 'autopilot', a.name, 'outcome', n.outcome, 'end_reason', n.end_reason, 'research_id', n.research_id)
  FROM new_leads n JOIN old_leads o ON o.id = n.id
  JOIN autopilot_contacts c ON c.account_id = n.account_id AND c.source = n.source AND c.contact_id = n.contact_id
  JOIN autopilots a ON a.id = n.autopilot_id
  WHERE o.outcome = 'Active' AND n.outcome <> 'Active'
  ORDER BY n.id;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION events_from_touches() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO events (account_id, type, occurred_at, autopilot_id, lead_id, contact_source, contact_id, data)
  SELECT n.account_id, 'touch.' || n.state, coalesce(n.sent_at, n.ended_at, now()), l.autopilot_id, n.lead_id, l.source, l.contact_id,
         jsonb_build_object('touch_id', n.id, 'step', n.step, 'channel', n.channel, 'kind', n.kind, 'skip_reason', n.skip_reason,
                            'subject', n.subject, 'research_id', l.research_id)
  FROM new_touches n JOIN old_touches o ON o.id = n.id JOIN autopilot_leads l ON l.id = n.lead_id
  WHERE o.state = 'scheduled' AND n.state IN ('sent', 'skipped')
  ORDER BY n.id;
  RETURN NULL;
END $$;

-- Down Migration

CREATE OR REPLACE FUNCTION events_from_touches() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO events (account_id, type, occurred_at, autopilot_id, lead_id, contact_id, data)
  SELECT n.account_id, 'touch.' || n.state, coalesce(n.sent_at, n.ended_at, now()), l.autopilot_id, n.lead_id, l.contact_id,
         jsonb_build_object('touch_id', n.id, 'step', n.step, 'channel', n.channel, 'kind', n.kind, 'skip_reason', n.skip_reason,
                            'subject', n.subject, 'research_id', l.research_id)
  FROM new_touches n JOIN old_touches o ON o.id = n.id JOIN autopilot_leads l ON l.id = n.lead_id
  WHERE o.state = 'scheduled' AND n.state IN ('sent', 'skipped')
  ORDER BY n.id;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION events_from_ended_leads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO events (account_id, type, occurred_at, autopilot_id, lead_id, contact_id, data)
  SELECT n.account_id, CASE WHEN n.outcome = 'Responded' THEN 'lead.responded' ELSE 'lead.closed' END, coalesce(n.ended_at, now()),
         n.autopilot_id, n.id, n.contact_id,
         jsonb_build_object('contact', events_contact(c), 'autopilot', a.name, 'outcome', n.outcome, 'end_reason', n.end_reason, 'research_id', n.research_id)
  FROM new_leads n JOIN old_leads o ON o.id = n.id
  JOIN autopilot_contacts c ON c.account_id = n.account_id AND c.contact_id = n.contact_id
  JOIN autopilots a ON a.id = n.autopilot_id
  WHERE o.outcome = 'Active' AND n.outcome <> 'Active'
  ORDER BY n.id;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION events_from_new_leads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO events (account_id, type, occurred_at, autopilot_id, lead_id, contact_id, data)
  SELECT l.account_id, 'lead.enrolled', l.enrolled_at, l.autopilot_id, l.id, l.contact_id,
         jsonb_build_object('contact', events_contact(c), 'autopilot', a.name, 'enrolled_by', l.enrolled_by, 'research_id', l.research_id,
                            'research_reused', l.research_reused)
  FROM new_leads l JOIN autopilot_contacts c ON c.account_id = l.account_id AND c.contact_id = l.contact_id
  JOIN autopilots a ON a.id = l.autopilot_id
  ORDER BY l.id;
  RETURN NULL;
END $$;

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

CREATE OR REPLACE FUNCTION events_contact(c autopilot_contacts) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object('id', c.contact_id, 'email', c.email, 'properties', c.properties)
$$;

ALTER TABLE events DROP COLUMN contact_source;
