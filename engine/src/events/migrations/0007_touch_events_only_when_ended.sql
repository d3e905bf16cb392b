-- Up Migration

-- touch.sent, touch.skipped, as before; a statement that ends no touch (a claim for sending, a hold, a
-- lead's touches cancelled) returns at once instead of inserting no events, which still fired the
-- events table's own statement triggers. Every touch sent makes such a statement (its claim), while it
-- holds its sender's day row locked.
CREATE OR REPLACE FUNCTION events_from_touches() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_touches WHERE state IN ('sent', 'skipped')) THEN
    RETURN NULL;
  END IF;
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
  INSERT INTO events (account_id, type, occurred_at, autopilot_id, lead_id, contact_source, contact_id, data)
  SELECT n.account_id, 'touch.' || n.state, coalesce(n.sent_at, n.ended_at, now()), l.autopilot_id, n.lead_id, l.source, l.contact_id,
         jsonb_build_object('touch_id', n.id, 'step', n.step, 'channel', n.channel, 'kind', n.kind, 'skip_reason', n.skip_reason,
                            'subject', n.subject, 'research_id', l.research_id)
  FROM new_touches n JOIN old_touches o ON o.id = n.id JOIN autopilot_leads l ON l.id = n.lead_id
  WHERE o.state = 'scheduled' AND n.state IN ('sent', 'skipped')
  ORDER BY n.id;
  RETURN NULL;
END $$;
