-- Up Migration

-- What happened to a lead besides its touches: a reply, a bounce, an unsubscribe (from a channel or the
-- unsubscribe link), a connection request accepted, a call or meeting or e-mail reply logged in the CRM,
-- a stop property that changed.
-- One row per event, with what it did (`effect`): ended the lead (and with which reason), skipped its
-- e-mail touches, or only recorded. A lead's timeline reads them beside its touches.
--
-- A signal that can come twice (a channel polling again, a CRM retrying a webhook) carries a
-- dedupe_key: a second delivery finds the first's row and changes nothing. Events with no identity of
-- their own (a property change: the same value again is no change at all) have none.
CREATE TABLE autopilot_lead_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  lead_id bigint NOT NULL REFERENCES autopilot_leads (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('reply', 'bounce', 'unsubscribe', 'connection', 'call', 'meeting', 'property_change')),
  -- The channel it came on (a reply, a bounce); NULL for the CRM's own events.
  channel text CHECK (channel IN ('email', 'linkedin', 'whatsapp', 'telegram')),
  -- When it happened (as its source says), and when the engine learned of it.
  occurred_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL,
  dedupe_key text CHECK (length(dedupe_key) BETWEEN 1 AND 600),
  -- ended_lead (end_reason says why), skipped_touches (a bounce: its channel's queued touches), recorded
  -- (a stop condition that is off, a call that did not connect), lead_ended (the lead had ended before).
  effect text NOT NULL CHECK (effect IN ('ended_lead', 'skipped_touches', 'recorded', 'lead_ended')),
  end_reason text,
  -- The event's own facts: a reply's text, a call's disposition, a property's old and new values.
  detail jsonb NOT NULL DEFAULT '{}',
  UNIQUE (account_id, dedupe_key),
  CHECK ((effect = 'ended_lead') = (end_reason IS NOT NULL))
);

-- A lead's timeline.
CREATE INDEX autopilot_lead_events_by_lead ON autopilot_lead_events (lead_id, occurred_at);

-- Down Migration

DROP TABLE autopilot_lead_events;
